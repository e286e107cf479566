"""How the Injuries tab and its dialogs put injuries into words: track bars, states, and the
cells of one injury-history entry. Pure functions of saved data, so tests can read them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from gmtool.rules.characters import Character
from gmtool.rules.durability import damage_rules

BAR_WIDTH = 8
TRACK_STYLE = {"stun": "yellow", "wound": "dark_orange", "mortal": "red"}
STATE_STYLE = {"ok": "green", "knocked_out": "yellow", "dying": "bold red", "dead": "bold red"}


def tracks() -> tuple[str, ...]:
    return damage_rules().tracks


def track_bar(track: str, marked: int, size: int, width: int = BAR_WIDTH) -> Text:
    """`████░░░░ 4/10`: filled cells in proportion (rounded half up), never full before the
    track is, and at least one cell for any damage."""
    size = max(size, 1)
    filled = (2 * marked * width + size) // (2 * size)
    if marked > 0:
        filled = max(filled, 1)
    if marked < size:
        filled = min(filled, width - 1)
    filled = max(0, min(width, filled))
    text = Text()
    text.append("█" * filled, style=TRACK_STYLE.get(track, ""))
    text.append("░" * (width - filled), style="dim")
    text.append(f" {marked}/{size}")
    return text


def state_words(state: str, stabilized: bool = False, mortal: int = 0) -> str:
    words = state.replace("_", " ")
    if stabilized and mortal > 0 and state != "dead":
        words += ", stable"
    return words


def state_text(state: str, stabilized: bool = False, mortal: int = 0) -> Text:
    return Text(state_words(state, stabilized, mortal), style=STATE_STYLE.get(state, ""))


def character_state_text(character: Character) -> Text:
    return state_text(character.state, character.stabilized, character.damage.get("mortal", 0))


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


# -- history entries ----------------------------------------------------------------------


def when_text(entry: Mapping[str, Any]) -> str:
    return str(entry.get("time", ""))[5:16].replace("T", " ")


def session_text(entry: Mapping[str, Any]) -> str:
    return "—" if entry.get("session") is None else str(entry["session"])


def battle_text(
    entry: Mapping[str, Any],
    names: Mapping[str, str] | None = None,
    width: int | None = None,
) -> str:
    """The battle by its name (`names`: id -> name, as the Battle tab set it up; a battle
    typed by hand is its own name) and the round: "Ambush at Tarsus r2"."""
    battle = entry.get("battle")
    rnd = entry.get("round")
    if battle is None and rnd is None:
        return "—"
    text = short((names or {}).get(str(battle), str(battle)), width) if battle is not None else ""
    if rnd is not None:
        text += f" r{rnd}"
    return text.strip()


def _signed(values: list[int]) -> str:
    return "".join(f"{v:+d}" for v in values)


def dice_text(entry: Mapping[str, Any]) -> str:
    """Every die of the entry, short: `d20 3≤6 · feat 15+2=17 failure · 1d12w 7`."""
    kind = entry.get("kind")
    detail = entry.get("detail") or {}
    if kind == "hazard":
        parts = [f"d20 {detail.get('hazard_roll')}"]
        threshold = detail.get("endangered_on")
        parts[0] += f"≤{threshold}" if detail.get("endangered") else f">{threshold}"
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
        return Text(state_words(after), style=STATE_STYLE.get(after, ""))
    return Text.assemble(
        (state_words(before), STATE_STYLE.get(before, "")),
        " → ",
        (state_words(after), STATE_STYLE.get(after, "")),
    )


def ship_text(entry: Mapping[str, Any]) -> str:
    if entry.get("ship_name"):
        return str(entry["ship_name"])
    if entry.get("ship"):
        return str(entry["ship"])
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
"""The history's columns (label, key): what a GM reads first comes first; the rest scrolls."""


def short(text: str, width: int | None) -> str:
    """The text cut to `width` characters with an ellipsis (None: as it is)."""
    if width is None or len(text) <= width:
        return text
    return text[: width - 1] + "…"


def entry_cells(
    entry: Mapping[str, Any],
    name_width: int | None = None,
    what_width: int | None = None,
    battle_names: Mapping[str, str] | None = None,
) -> tuple[Text, ...]:
    """One history row in the order of HISTORY_COLUMNS; an undone entry is dimmed and struck
    through. `name_width` and `what_width` cut long names, causes and battle names (on a
    small screen); `battle_names` shows battles by name rather than id."""
    undone = bool(entry.get("undone"))
    style = "dim strike" if undone else ""
    kind = str(entry.get("kind", ""))
    cause = str(entry.get("cause") or "")
    what = kind if cause in ("", kind) else f"{kind}: {cause}"
    state = Text("undone", style="dim") if undone else state_change_text(entry)
    before = [
        str(entry.get("id", "")),
        session_text(entry),
        battle_text(entry, battle_names, what_width),
        short(str(entry.get("character_name", entry.get("character", ""))), name_width),
        short(what, what_width),
        marked_text(entry),
        f"{slash(entry.get('before') or {})} → {slash(entry.get('after') or {})}",
    ]
    after = [dice_text(entry), ship_text(entry), when_text(entry)]
    return (
        *(Text(c, style=style) for c in before),
        state,
        *(Text(c, style=style) for c in after),
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
        head += f" ({entry['cause']})"
    if where:
        head += ", " + ", ".join(where)
    text = Text(head, style="bold")
    if entry.get("undone"):
        text.append(" — undone", style="bold red")
    body = str(entry.get("summary", ""))
    if entry.get("kind") == "damage" and entry.get("dice"):
        body = f"{dice_text(entry)}; {body}"
    text.append("\n" + body)
    text.append(
        f" · {'/'.join(tracks())} {slash(entry.get('before') or {})} → "
        f"{slash(entry.get('after') or {})}, {state_words(str(entry.get('state_before')))} → "
        f"{state_words(str(entry.get('state')))}"
    )
    return text
