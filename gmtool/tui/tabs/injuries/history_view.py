"""The Injuries tab's history: the filters and their choices, the entries they let through
laid out to the table's width, the highlighted entry's detail below, and the line that
stands in for the characters table when the party does not read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import DataTable, Label, Select, Static

from gmtool.actions.reads.injuries import InjuryEntry
from gmtool.rules.characters import Party
from gmtool.tui.tabs.injuries.injury_text import (
    HISTORY_COLUMNS,
    entry_cells,
    entry_detail,
    entry_name,
    fit_history_columns,
)
from gmtool.tui.widgets.names import fit_names, untitled
from gmtool.tui.widgets.steady import KeepsSize

ALL = "*"
"""A filter's value for "no filter"."""
SHOWN_ENTRIES = 500


def fill_table(
    table: DataTable[Any],
    columns: Sequence[tuple[str, str]],
    rows: Sequence[tuple[str, Sequence[Text | str]]],
) -> None:
    """Put `rows` (key, cells) in `table` under `columns` (label, key), each as wide as its
    widest cell: DataTable measures auto widths only when idle, so lines drawn before (a
    filter chosen, a resize) would stay cached crushed to their labels."""
    widths = [cell_len(label) for label, _ in columns]
    for _, cells in rows:
        for index, cell in enumerate(cells):
            text = cell.plain if isinstance(cell, Text) else str(cell)
            widths[index] = max(widths[index], cell_len(text))
    table.clear(columns=True)
    for (label, key), width in zip(columns, widths, strict=True):
        table.add_column(label, key=key, width=width)
    for key, cells in rows:
        table.add_row(*cells, key=key)


def highlighted_key(table: DataTable[Any]) -> str | None:
    """The key of the row under the table's cursor (None: no rows)."""
    if table.row_count == 0:
        return None
    key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
    return None if key is None else str(key)


class PartyProblem(Static, can_focus=True):
    """Why the party cannot be read, in place of the character table; it takes the focus."""


class HistoryTable(KeepsSize, DataTable[Any]):
    """The injury history; after a resize it asks for its columns to be fitted again."""

    class Resized(Message):
        """The history's size changed: its columns may fit its width no more."""

    def on_resize(self) -> None:
        self.post_message(self.Resized())

    def shows_row(self, key: str) -> bool:
        """Whether the row of `key` is on screen (not scrolled out of view)."""
        row = self.get_row_index(key)
        top = round(self.scroll_y)
        rows = self.size.height - (self.header_height if self.show_header else 0)
        rows -= self.styles.scrollbar_size_horizontal if self.show_horizontal_scrollbar else 0
        return top <= row < top + max(rows, 0)


class FilterBar(Horizontal):
    """The history's filters on one row: who, battle, session (ALL: no filter). A filter
    changed posts Select.Changed up to the pane."""

    FILTERS = (
        ("character", "Who", "everyone"),
        ("battle", "Battle", "every battle"),
        ("session", "Session", "every session"),
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._choices: dict[str, list[tuple[str, Any]]] = {}  # each filter's choices shown

    def compose(self) -> ComposeResult:
        for name, label, everything in self.FILTERS:
            yield Label(label, classes="field-label")
            yield Select(
                [(everything, ALL)], value=ALL, allow_blank=False, id=f"filter-{name}", compact=True
            )

    def set_choices(self, name: str, choices: list[tuple[str, Any]]) -> None:
        """Offer `choices` (label, value) in filter `name`, keeping its value where it can."""
        if self._choices.get(name) == choices:
            return
        self._choices[name] = choices
        select = self.query_one(f"#filter-{name}", Select)
        current = select.value
        with select.prevent(Select.Changed):
            select.set_options(choices)
            select.value = current if current in [v for _, v in choices] else ALL

    def values(self) -> dict[str, Any]:
        """The filters as `history()` arguments (None: no filter)."""
        values = {}
        for name, _, _ in self.FILTERS:
            value = self.query_one(f"#filter-{name}", Select).value
            values[name] = None if value == ALL or value is Select.BLANK else value
        return values

    def clear(self) -> None:
        """Every filter to ALL, quietly (the pane shows the history again itself)."""
        for select in self.query(Select):
            with select.prevent(Select.Changed):
                select.value = ALL


Row = tuple[str, Sequence[Text | str]]


def people_options(party: Party, everything: list[InjuryEntry]) -> list[tuple[str, Any]]:
    """Who the history can be filtered to: the party, then anyone else it names."""
    people: dict[str, str] = {c.id: c.name for c in party.characters}
    for entry in everything:
        people.setdefault(str(entry["character"]), str(entry.get("character_name", "")))
    return [("everyone", ALL), *((name, cid) for cid, name in people.items())]


def battle_options(
    known: Sequence[tuple[str, str]], names: dict[str, str], everything: list[InjuryEntry]
) -> list[tuple[str, Any]]:
    """The battles set up on the Battle tab (`known`: id and name, oldest first) newest
    first, then the names typed by hand in the history (`names`: deleted battles too)."""
    battles = [battle_id for battle_id, _ in reversed(known)]
    for entry in everything:
        battle = entry.get("battle")
        if battle is not None and str(battle) not in battles:
            battles.append(str(battle))
    return [("every battle", ALL), *((names.get(b, b), b) for b in battles)]


def session_options(sessions: Sequence[tuple[int, str]]) -> list[tuple[str, Any]]:
    """The game sessions (id, title; oldest first), newest first."""
    numbered = [(f"{number} · {title}", number) for number, title in sessions]
    return [("every session", ALL), *reversed(numbered)]


def matches(entry: InjuryEntry, wanted: dict[str, Any]) -> bool:
    """Whether the filters (`wanted`: None for no filter) let `entry` through."""
    return all(value is None or entry.get(key) == value for key, value in wanted.items())


def history_layout(
    shown: list[InjuryEntry], battle_names: dict[str, str], room: int
) -> tuple[list[tuple[str, str]], list[Row]]:
    """The history's columns (label, key) and rows (entry id, cells) in `room` cells: every
    column as wide as its widest cell while they fit; then names give way as on the
    Stations tab (all without their titles, then cut) and columns drop out."""
    keys = [key for _, key in HISTORY_COLUMNS]
    natural = [cell_len(label) for label, _ in HISTORY_COLUMNS]
    for entry in shown:
        cells = entry_cells(entry, battle_names)
        natural = [max(w, c.cell_len) for w, c in zip(natural, cells, strict=True)]
    widest = dict(zip(keys, natural, strict=True))
    widths = fit_history_columns(widest, room)
    names = [entry_name(e) for e in shown]
    if widths.get("who", widest["who"]) < widest["who"]:
        widest["who"] = max([cell_len("Who"), *(len(untitled(n)) for n in names)])
        widths = fit_history_columns(widest, room)
        names = fit_names(names, widths.get("who", widest["who"]))
    columns = [(label, key) for label, key in HISTORY_COLUMNS if key in widths]
    index = [keys.index(key) for _, key in columns]
    rows: list[Row] = []
    for entry, name in zip(shown, names, strict=True):
        cells = entry_cells(entry, battle_names, widths, name)
        rows.append((str(entry["id"]), [cells[i] for i in index]))
    return columns, rows


def detail_text(
    entry: InjuryEntry | None, battle_names: dict[str, str], filtered: bool, readable: bool
) -> Text | str:
    """The line below the history: the highlighted entry written out whole, or why there is
    none (`filtered`: a filter is set; `readable`: the party reads)."""
    if entry is not None:
        return entry_detail(entry, battle_names)
    if filtered:
        return "No injury matches the filters (a clears them)."
    if not readable:
        return "No injuries yet."
    return "No injuries yet: hazards from the Battle tab and h, t, d here land below."
