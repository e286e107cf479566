"""The Battle tab's set-up dialogs: a new battle (name, starting range, the two fleets and
their commanders) and a ship read from a spec file (the quick enemy form: quick_ship.py).

The set-up dialog hands its `SetupChoice` to the tab's `save`; a refused set-up (no ship on
a side, a bad commander) is shown in the dialog, which stays open with what the GM chose.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import msgspec
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, SelectionList, Static

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.battle.state import DEFAULT_AUTO
from gmtool.rules.characters import Party
from gmtool.rules.errors import RulesError
from gmtool.rules.limits import MAX_NAME_CHARS
from gmtool.rules.narrative import range_ids, range_name, starting_range
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs import GmDialog, write_line
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.battle.quick_ship import QuickShipScreen
from gmtool.tui.widgets.compact import choice, form_row
from gmtool.tui.widgets.text_field import TextField

AUTO = "@auto"  # the commander: whoever is at the flagship's command station; the first ship
FIRST_SHIP = "the first ship"  # the flagship when the GM picks none
AUTO_COMMANDER = "at the flagship's command"
OUR_FLEET = "Our fleet"  # the sides' names until the GM types others
ENEMY_FLEET = "Enemy"
# Who gmtool plays, as the set-up form offers it (the w key changes it later): a value is the
# sides' letters run together, "" for none.
AUTO_OPTIONS = (("side B", "b"), ("side A", "a"), ("both sides", "ab"), ("no side", ""))
NO_SIDE = "-"  # Select's value for "" (an empty value reads as no choice)


def auto_value(auto: Sequence[str]) -> str:
    return "".join(auto) or NO_SIDE


class FleetChoice(msgspec.Struct, frozen=True):
    """One side as the form has it: campaign ships by id, quick or spec-file ships (side
    B's) in `extra`; a commander None is auto; a flagship is a position among the side's
    ships, campaign ships first (None: the first)."""

    name: str
    ships: tuple[str, ...]
    extra: tuple[tuple[str, ShipSpec], ...]
    commander: str | None
    flagship: int | None


class SetupChoice(msgspec.Struct, frozen=True):
    """The request to set the battle up: its name, range, sides A and B, and the sides
    gmtool plays."""

    name: str
    starting_range: str
    sides: tuple[FleetChoice, FleetChoice]
    auto: tuple[str, ...]


def ship_label(spec: ShipSpec, note: str = "") -> str:
    extra = f", {note}" if note else ""
    return f"{spec.name} ({spec.ship_class}, accel {spec.acceleration}{extra})"


def chosen_text(names: list[str]) -> str:
    """The ships ticked for a side, in words."""
    return f"in: {', '.join(names)}" if names else "in: no ship yet (space ticks one)"


class SetupFormStart(msgspec.Struct, frozen=True):
    """What a set-up form opens on, new or kept; `save` carries the set-up out and raises
    its refusal."""

    ships: Sequence[ShipRecord]
    party: Party
    default_name: str
    save: Callable[[SetupChoice], object]


class BattleSetupScreen(GmDialog[SetupChoice | None]):
    """Name, starting range, side A (the campaign's ships) and side B (enemies: the
    campaign's enemy ships, quick ships, ships from spec files), and commanders."""

    DEFAULT_CSS = tab_css(__file__, "setup_dialog.tcss")
    AUTO_FOCUS = "#setup-name"
    ACTIONS = (
        save_action("create", "Start battle", "Check the form and start the battle"),
        TabAction("ctrl+n", "quick_ship", "Quick enemy", "Make a quick enemy ship",
                  priority=True),
        TabAction("ctrl+o", "spec_file", "Ship from file", "Bring an enemy ship from a spec file",
                  priority=True),
    )  # fmt: skip

    def __init__(self, start: SetupFormStart) -> None:
        super().__init__()
        self._start(start)

    def _start(self, start: SetupFormStart) -> None:
        """The state a new form starts with."""
        self.ships = list(start.ships)
        self.party = start.party
        self.default_name = start.default_name
        self.save = start.save
        self.extra: list[tuple[str, ShipSpec]] = []

    def renew(self, start: SetupFormStart) -> None:
        """Make a kept form what a new one from `start` would be, before it is shown again."""
        self._start(start)
        # set here as a new form has them: no handler of their changes need run
        with self.prevent(Select.Changed, SelectionList.SelectedChanged):
            self.query_one("#setup-name", Input).value = start.default_name
            self.query_one("#setup-range", Select).value = starting_range()
            self.query_one("#setup-auto", Select).value = auto_value(DEFAULT_AUTO)
            for side, fleet in (("a", OUR_FLEET), ("b", ENEMY_FLEET)):
                self.query_one(f"#setup-{side}-name", Input).value = fleet
                ships_list = self.query_one(f"#setup-{side}-ships", SelectionList)
                ships_list.clear_options()
                ships_list.add_options(self._ship_options(side))
                ships_list.highlighted = 0 if ships_list.option_count else None
                self._show_picked(side)  # none: the automatic commander and flagship
        self._error("")
        self.query_one("#setup-name", Input).focus()
        self.remember_fields()

    def _ship_options(self, side: str) -> list[tuple[str, str, bool]]:
        """Side A's choices are the campaign's ships, side B's the enemy ships (unticked)."""
        ours = side == "a"
        note = "" if ours else "enemy"
        ships = [s for s in self.ships if (s.side == "campaign") == ours]
        return [(ship_label(s.spec, note), s.id, False) for s in ships]

    def _picked(self, side: str) -> list[str]:
        """The keys of the ships ticked for `side` (a ship made for the battle: `extra:<n>`)."""
        return [str(k) for k in self.query_one(f"#setup-{side}-ships", SelectionList).selected]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = "A new battle"
            name = TextField(self.default_name, id="setup-name", limit=MAX_NAME_CHARS, compact=True)
            ranges = [(range_name(r), r) for r in range_ids()]
            sides = [(label, value or NO_SIDE) for label, value in AUTO_OPTIONS]
            yield form_row(
                "Name", name,
                "Range", choice(ranges, starting_range(), "setup-range"),
                "gmtool plays", choice(sides, auto_value(DEFAULT_AUTO), "setup-auto"),
                classes="setup-line",
            )  # fmt: skip
            # side, its default name
            for side, fleet in (("a", OUR_FLEET), ("b", ENEMY_FLEET)):
                yield form_row(
                    f"Side {side.upper()}",
                    TextField(fleet, id=f"setup-{side}-name", limit=MAX_NAME_CHARS, compact=True),
                    "commander",
                    choice([(AUTO_COMMANDER, AUTO)], AUTO, f"setup-{side}-commander"),
                    classes="setup-line",
                )
                yield SelectionList[str](*self._ship_options(side), id=f"setup-{side}-ships")
                with Horizontal(classes="setup-flag-line"):
                    yield Static(chosen_text([]), id=f"setup-{side}-chosen", classes="setup-chosen")
                    yield Label("flagship")
                    yield choice([(FIRST_SHIP, AUTO)], AUTO, f"setup-{side}-flagship")
            yield Static(
                f"Range starts at {range_name(starting_range())}, an open-space encounter "
                "(tables/narrative.yaml); pick closer for an ambush or an approach to a planet.",
                classes="setup-hint",
                id="setup-range-hint",
            )
            yield Static(
                "space ticks a ship; ctrl+n adds a quick enemy ship, ctrl+o one from a spec "
                "file; ctrl+s starts the battle.",
                classes="setup-hint",
            )
            yield Static("", id="setup-error", classes="setup-error")
        yield KeyFooter()

    # -- commanders follow the ships picked ---------------------------------------------
    @on(SelectionList.SelectedChanged)
    def _ships_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        self._show_picked("a" if event.selection_list.id == "setup-a-ships" else "b")

    def _show_picked(self, side: str) -> None:
        """The ships ticked in words (the ticks differ only by colour), the flagship offered
        among them by name (the first unless the GM picks), the commander among those
        aboard them."""
        ships = {s.id: s.spec.name for s in self.ships}  # the GM sees names, never ids
        ships.update({f"extra:{n}": name for n, (name, _spec) in enumerate(self.extra)})
        picked = self._picked(side)
        named = [(ships.get(k, k), k) for k in picked]
        self.query_one(f"#setup-{side}-chosen", Static).update(chosen_text([n for n, _ in named]))
        self._offer(f"setup-{side}-flagship", FIRST_SHIP, named)
        names = {c.id: c.name for c in self.party.characters}
        aboard = [
            (f"{names.get(a.character_id, a.character_id)} ({ships[a.ship_id]})", a.character_id)
            for a in self.party.assignments
            if a.ship_id in picked and a.aboard
        ]
        self._offer(f"setup-{side}-commander", AUTO_COMMANDER, aboard)

    def _offer(self, field_id: str, nobody: str, options: list[tuple[str, str]]) -> None:
        """`nobody` then `options` in a choice, keeping the one chosen while it is offered."""
        select = self.query_one(f"#{field_id}", Select)
        current = select.value
        select.set_options([(nobody, AUTO), *options])
        select.value = current if current in {value for _, value in options} else AUTO

    # -- extra enemy ships ---------------------------------------------------------------
    def _add_extra(self, spec: ShipSpec | None) -> None:
        if spec is None:
            return
        key = f"extra:{len(self.extra)}"
        self.extra.append((spec.name, spec))
        ships = self.query_one("#setup-b-ships", SelectionList)
        ships.add_option((ship_label(spec, "this battle only"), key, True))
        self._show_picked("b")
        self._error("")

    def action_quick_ship(self) -> None:
        self.app.push_screen(QuickShipScreen(), self._add_extra)

    def action_spec_file(self) -> None:
        self.app.push_screen(SpecFileScreen(), self._add_extra)

    # -- done ----------------------------------------------------------------------------
    def _error(self, text: str) -> None:
        write_line(self.query_one("#setup-error", Static), text)

    def fleet(self, side: str) -> FleetChoice:
        picked = self._picked(side)
        extra = [key for key in picked if key.startswith("extra:")]
        ships = [key for key in picked if key not in extra]
        commander = self.query_one(f"#setup-{side}-commander", Select).value
        flagship = self.query_one(f"#setup-{side}-flagship", Select).value
        return FleetChoice(
            name=self.query_one(f"#setup-{side}-name", Input).value.strip(),
            ships=tuple(ships),
            extra=tuple(self.extra[int(key.split(":", 1)[1])] for key in extra),
            commander=None if commander in (AUTO, Select.NULL) else str(commander),
            flagship=(ships + extra).index(str(flagship)) if flagship in ships + extra else None,
        )

    def request(self) -> SetupChoice:
        return SetupChoice(
            name=self.query_one("#setup-name", Input).value.strip(),
            starting_range=str(self.query_one("#setup-range", Select).value),
            sides=(self.fleet("a"), self.fleet("b")),
            auto=tuple(str(self.query_one("#setup-auto", Select).value).replace(NO_SIDE, "")),
        )

    def action_create(self) -> None:
        request = self.request()
        try:
            self.save(request)
        except (RulesError, StoreError) as exc:
            self._error(f"Not set up: {exc}")
            return
        self.dismiss(request)

    def unsaved_changes(self) -> bool:
        """A ship made for this battle (quick form, spec file) is lost with the form too."""
        return bool(self.extra) or super().unsaved_changes()


class SpecFileScreen(GmDialog["ShipSpec | None"]):
    """A ship spec YAML file, read and checked; a bad file says where and why."""

    DEFAULT_CSS = tab_css(__file__, "setup_dialog.tcss")
    AUTO_FOCUS = "#spec-path"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = "A ship from a spec file"
            path = Input("", placeholder="path/to/ship.yaml", id="spec-path", compact=True)
            yield form_row("File", path, classes="setup-line")
            yield Static("Enter reads the file; escape cancels.", classes="setup-hint")
            yield Static("", id="spec-error", classes="setup-error")
        yield KeyFooter()

    @on(Input.Submitted)
    def _read(self) -> None:
        text = self.query_one("#spec-path", Input).value.strip()
        error = self.query_one("#spec-error", Static)
        if not text:
            error.update("Type the path of a ship spec file.")
            return
        try:
            self.dismiss(load_ship_spec(Path(text).expanduser()))
        except RulesError as exc:
            error.update(f"Not read: {exc}")
