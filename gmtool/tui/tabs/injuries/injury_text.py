"""How the Injuries tab and its dialogs put injuries into words: track bars, states, the
characters table's rows, and the cells of one injury-history entry. Pure functions of saved
data, so tests can read them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from gmtool.rules.characters import Character, Party
from gmtool.rules.durability import damage_rules
from gmtool.tui.styles import state_text
from gmtool.tui.widgets.names import cut_name, fit_names
from gmtool.tui.widgets.scaled_bar import scaled_bar

BAR_WIDTH = 8
NARROW_BAR = 5  # on a screen narrower than the pane's NARROW_BELOW
NARROW_NAME = 22
TRACK_STYLE = {"stun": "yellow", "wound": "dark_orange", "mortal": "red"}


def tracks() -> tuple[str, ...]:
    return damage_rules().tracks


def track_bar(track: str, marked: int, size: int, width: int = BAR_WIDTH) -> Text:
    """`███▎░░░░ 4/10`: the boxes marked to scale, to an eighth of a cell (`scaled_bar`), so
    2 of 80 on a short bar reads as a sliver, not a third of it."""
    filled, empty = scaled_bar(marked, max(size, 1), width)
    return Text.assemble((filled, TRACK_STYLE.get(track, "")), (empty, "dim"), f" {marked}/{size}")


def state_words(state: str, stabilized: bool = False, mortal: int = 0) -> str:
    words = state.replace("_", " ")
    if stabilized and mortal > 0 and state != "dead":
        words += ", stable"
    return words


def character_state_text(character: Character) -> Text:
    mortal = character.damage.get("mortal", 0)
    return state_text(character.state, state_words(character.state, character.stabilized, mortal))


def tracks_line(character: Character) -> Text:
    """`stun 2/10 · wound 5/10 · mortal 0/5 · ok`: one character's tracks in one line."""
    sizes = character.tracks
    text = Text()
    for track in tracks():
        text.append(f"{track} {character.damage.get(track, 0)}/{sizes[track]}", TRACK_STYLE[track])
        text.append(" · ")
    text.append_text(character_state_text(character))
    return text


def slash(values: Mapping[str, Any]) -> str:
    return "/".join(str(values.get(t, 0)) for t in tracks())


def tracks_change(entry: Mapping[str, Any]) -> str:
    """`0/2/0 → 0/5/0`: the tracks before and after the entry."""
    return f"{slash(entry.get('before') or {})} → {slash(entry.get('after') or {})}"


def character_columns() -> list[tuple[str, str]]:
    """The characters table's columns (label, key): name, state, then a bar per track."""
    return [("Character", "name"), ("State", "state")] + [
        (track.capitalize(), track) for track in tracks()
    ]


def character_rows(party: Party, narrow: bool) -> list[tuple[str, Sequence[Text | str]]]:
    """A row (character id, cells) per character: narrower bars and names on a small
    screen, the names shortened by one rule for all, as on the Stations tab."""
    width = NARROW_BAR if narrow else BAR_WIDTH
    names = [c.name for c in party.characters]
    if narrow:
        names = fit_names(names, NARROW_NAME)
    rows: list[tuple[str, Sequence[Text | str]]] = []
    for character, name in zip(party.characters, names, strict=True):
        sizes = character.tracks
        bars = [track_bar(t, character.damage.get(t, 0), sizes[t], width) for t in tracks()]
        rows.append((character.id, [name, character_state_text(character), *bars]))
    return rows


# -- history entries ----------------------------------------------------------------------


def when_text(entry: Mapping[str, Any]) -> str:
    return str(entry.get("time", ""))[5:16].replace("T", " ")


def battle_text(
    entry: Mapping[str, Any],
    names: Mapping[str, str] | None = None,
    width: int | None = None,
) -> str:
    """The battle by its name (`names`: id -> name, as the Battle tab set it up; a battle
    typed by hand is its own name) and the round: "Ambush at Tarsus r2"; in `width` cells
    the name is cut ("Ambush a… r2")."""
    battle = entry.get("battle")
    rnd = entry.get("round")
    if battle is None and rnd is None:
        return "—"
    suffix = f" r{rnd}" if rnd is not None else ""
    name = (names or {}).get(str(battle), str(battle)) if battle is not None else ""
    if width is not None:  # the whole cell's: the name gives way, the round stays
        name = cut_name(name, max(width - len(suffix), 2))
    return (name + suffix).strip()


def _signed(values: list[int]) -> str:
    return "".join(f"{v:+d}" for v in values)


def dice_text(entry: Mapping[str, Any]) -> str:
    """Every die of the entry, short: `d20 3≤6 · feat 15+2=17 failure · 1d12w 7`."""
    kind = entry.get("kind")
    detail = entry.get("detail") or {}
    if kind == "hazard":
        roll = detail.get("hazard_roll")  # None: endangered outright, on station
        against = f"{'≤' if detail.get('endangered') else '>'}{detail.get('endangered_on')}"
        parts = ["on station" if roll is None else f"d20 {roll}{against}"]
        if detail.get("endangered") and detail.get("feat_control") is not None:
            situation = _signed(list(detail.get("feat_situation", [])))
            degree = str(detail.get("degree", "")).replace("_", " ")
            parts.append(
                f"feat {detail['feat_control']}{situation}={detail.get('feat_total')} {degree}"
            )
        if detail.get("injury"):
            values = " ".join(str(v) for v in detail.get("injury_dice", []))
            parts.append(f"{detail['injury']} [{values}]={detail.get('injury_total')}")
        return " · ".join(parts)
    if kind == "damage":
        rolled = entry.get("dice") or []
        if rolled:
            return " · ".join(
                f"{r.get('expression')} [{' '.join(str(d[1]) for d in r.get('dice') or [])}]"
                f"={r.get('total')}"
                for r in rolled
            )
        return f"{detail.get('amount', '')} (no roll)"
    if kind == "treatment" and detail.get("degree"):  # the doctor's roll
        situation = _signed(list(detail.get("situation", [])))
        degree = str(detail["degree"]).replace("_", " ")
        return (
            f"{detail.get('doctor_name', '')} {detail.get('score')} {detail.get('step', 0):+d}: "
            f"d20 {detail.get('control')}{situation}={detail.get('total')} {degree}"
        )
    return "—"


def marked_text(entry: Mapping[str, Any]) -> str:
    """What the entry did to the tracks: `+3s +5w`, `-2w`, `nothing`, `-1m, stabilized`."""
    before = entry.get("before") or {}
    after = entry.get("after") or {}
    parts = []
    for track in tracks():
        change = int(after.get(track, 0)) - int(before.get(track, 0))
        if change:
            parts.append(f"{change:+d}{track[0]}")
    text = " ".join(parts) or "nothing"
    if entry.get("stabilized_after") and not entry.get("stabilized_before"):
        text = "stabilized" if text == "nothing" else f"{text}, stabilized"
    return text


def state_change_text(entry: Mapping[str, Any]) -> Text:
    before, after = str(entry.get("state_before", "")), str(entry.get("state", ""))
    if before == after:
        return state_text(after)
    return Text.assemble(state_text(before), " → ", state_text(after))


def ship_text(entry: Mapping[str, Any]) -> str:
    ship = entry.get("ship_name") or entry.get("ship")
    if ship:
        return str(ship)
    detail = entry.get("detail") or {}
    if entry.get("kind") == "hazard" and detail.get("ship_class"):
        return f"a {detail['ship_class']} ship"
    return "—"


HISTORY_COLUMNS = (
    ("#", "id"),
    ("Ses", "session"),
    ("Battle", "battle"),
    ("Who", "who"),
    ("What", "what"),
    ("Marked", "marked"),
    ("s/w/m", "tracks"),
    ("State", "state"),
    ("Dice", "dice"),
    ("Ship", "ship"),
    ("When", "when"),
)
"""The history's columns (label, key): what a GM reads first comes first."""

HISTORY_MIN_WIDTHS = {
    "battle": 12,  # "Tolliver r2", "Ambush a… r1"
    "who": 16,
    "what": 16,
    "state": 11,  # "knocked out" whole
    "dice": 16,  # "d20 2≤4 · feat 9…": the hazard die, and a feat when there was one
    "ship": 12,  # "CSS Meridian" whole, or the column goes (the detail line says it)
}
"""How narrow a column may get (cut with "…": the detail line has the whole entry); the
other columns keep their widest cell."""
HISTORY_DROPPED = ("when", "ship", "session", "tracks", "battle")
"""The columns left out, in this order, when the others do not fit at their narrowest; the
detail line under the history says all of them."""
HISTORY_SHRUNK_FIRST = ("ship", "battle")
"""Columns that give way before Who, What, State and Dice share what is left."""
HISTORY_FLOOR = 6
"""How narrow a column of HISTORY_MIN_WIDTHS gets when nothing more can be left out."""
CELL_PADDING = 2  # a DataTable cell's padding, one cell a side


def fit_history_columns(natural: Mapping[str, int], room: int) -> dict[str, int]:
    """The columns to show and their widths, so that the history fits `room` cells: each
    as wide as its widest cell when all fit; else Ship and Battle give way first, then the
    widest of the others, down to HISTORY_MIN_WIDTHS; when even that does not fit, the
    columns of HISTORY_DROPPED are left out in turn. `natural`: every column's widest cell
    (its label included), by key, in the order shown."""
    minimum = {k: min(HISTORY_MIN_WIDTHS.get(k, w), w) for k, w in natural.items()}
    keys = list(natural)

    def needed(columns: list[str], widths: Mapping[str, int]) -> int:
        return sum(widths[k] + CELL_PADDING for k in columns)

    for key in HISTORY_DROPPED:
        if needed(keys, minimum) <= room:
            break
        if key in keys:
            keys.remove(key)
    widths = {k: natural[k] for k in keys}
    excess = needed(keys, widths) - room
    for key in HISTORY_SHRUNK_FIRST:
        if excess > 0 and key in widths:
            give = min(excess, widths[key] - minimum[key])
            widths[key] -= give
            excess -= give
    for floor in (minimum, {k: min(HISTORY_FLOOR, w) for k, w in minimum.items()}):
        while excess > 0:
            shrinkable = [k for k in keys if k in HISTORY_MIN_WIDTHS and widths[k] > floor[k]]
            if not shrinkable:
                break
            widest = max(shrinkable, key=lambda k: widths[k])
            widths[widest] -= 1
            excess -= 1
    return widths


TYPED_IN = "damage typed in"
"""The cause older campaigns' entries give damage the GM typed in on the Battle tab (then
': ' and the GM's note); newer entries say so in typed fields."""


def _typed_in_note(entry: Mapping[str, Any]) -> str | None:
    """The GM's note of damage typed in on the Battle tab ("" without one); None for any
    other cause."""
    if "typed_in" in entry:
        return str(entry.get("note") or "") if entry["typed_in"] else None
    cause = str(entry.get("cause") or "")
    if cause != TYPED_IN and not cause.startswith(TYPED_IN + ":"):
        return None
    return cause[len(TYPED_IN) + 1 :].strip()


def cause_text(entry: Mapping[str, Any], *, long: bool = False) -> str:
    """What hurt the character, in words: the entry's cause; for damage typed in on the
    Battle tab, the GM's note when the entry has it, else what the ship took ("mortal
    hit"; with `long`, "a mortal hit to the ship, typed in on the Battle tab")."""
    note = _typed_in_note(entry)
    if note is None:
        return str(entry.get("cause") or "")
    if note:
        return note
    track = entry.get("track") if entry.get("kind") == "hazard" else None
    if not long:
        return f"{track} hit" if track else TYPED_IN
    hit = f"a {track} hit to the ship" if track else "damage"
    return f"{hit}, typed in on the Battle tab"


def entry_name(entry: Mapping[str, Any]) -> str:
    return str(entry.get("character_name", entry.get("character", "")))


def _cut(cell: Text, width: int | None) -> Text:
    if width is None or cell.cell_len <= width:
        return cell
    cut = cell.copy()
    cut.truncate(width, overflow="ellipsis")
    return cut


def entry_cells(
    entry: Mapping[str, Any],
    battle_names: Mapping[str, str] | None = None,
    widths: Mapping[str, int] | None = None,
    name: str | None = None,
) -> tuple[Text, ...]:
    """One history row in the order of HISTORY_COLUMNS; an undone entry is dimmed and struck
    through. `widths` (by column key) cuts a longer cell with "…" (a battle's name gives way
    before its round); `battle_names` shows battles by name rather than id; `name` is the
    character's name as the Who column shows it (else the whole name)."""
    widths = widths or {}
    undone = bool(entry.get("undone"))
    style = "dim strike" if undone else ""
    kind = str(entry.get("kind", ""))
    cause = cause_text(entry)
    what = kind if cause in ("", kind) else f"{kind}: {cause}"
    state = Text("undone", style="dim") if undone else state_change_text(entry)
    texts = {
        "id": str(entry.get("id", "")),
        "session": "—" if entry.get("session") is None else str(entry["session"]),
        "battle": battle_text(entry, battle_names, widths.get("battle")),
        "who": name if name is not None else entry_name(entry),
        "what": what,
        "marked": marked_text(entry),
        "tracks": tracks_change(entry),
        "dice": dice_text(entry),
        "ship": ship_text(entry),
        "when": when_text(entry),
    }
    return tuple(
        _cut(state if key == "state" else Text(texts[key], style=style), widths.get(key))
        for _, key in HISTORY_COLUMNS
    )


def entry_detail(entry: Mapping[str, Any], battle_names: Mapping[str, str] | None = None) -> Text:
    """The whole entry in words, for the line under the history."""
    where = []
    if entry.get("session") is not None:
        where.append(f"session {entry['session']} ({entry.get('session_title') or ''})")
    if entry.get("battle") is not None:
        battle = str(entry["battle"])
        where.append(f"battle {(battle_names or {}).get(battle, battle)}")
    if entry.get("round") is not None:
        where.append(f"round {entry['round']}")
    if entry.get("ship_name") or entry.get("ship"):
        where.append(f"aboard {entry.get('ship_name') or entry.get('ship')}")
    head = f"#{entry.get('id')} {when_text(entry)}  {entry.get('character_name', '')}, "
    head += str(entry.get("kind"))
    if entry.get("cause"):
        head += f" ({cause_text(entry, long=True)})"
    if where:
        head += ", " + ", ".join(where)
    text = Text(head, style="bold")
    if entry.get("undone"):
        text.append(" — undone", style="bold red")
    body = str(entry.get("summary", ""))
    if entry.get("kind") == "damage" and entry.get("dice"):
        body = f"{dice_text(entry)}; {body}"
    text.append("\n" + body)
    states = " → ".join(state_words(str(entry.get(key))) for key in ("state_before", "state"))
    text.append(f" · {'/'.join(tracks())} {tracks_change(entry)}, {states}")
    return text
