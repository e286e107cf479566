"""Which of the Torga IV tab's keys work at a moment of play, and why one does not: pure
functions of a `Moment`, so the footer, the keys and the status line always agree."""

from __future__ import annotations

import msgspec

from gmtool.rules.skirmish.engine import AIM, FIRE, HAND_TO_HAND, PICK_UP
from gmtool.tui.tabs.torga.view import BROWSE, MOVING, PICKING

# The key actions that open a pick, and the engine action each picks for.
PICK_ACTIONS = {"fire": FIRE, "hand_to_hand": HAND_TO_HAND, "pick_up": PICK_UP}
# Keys offered only when the acting figure can do that now (the rest: always in play).
WHEN_ABLE = {**PICK_ACTIONS, "aim": AIM}
ABLE_WORDS = {"fire": "fire", "hand_to_hand": "fight hand to hand", "pick_up": "pick a weapon up",
              "aim": "aim"}  # fmt: skip

# Keys that need a game: hidden from the footer until one is started (n).
GAME_ONLY_ACTIONS = frozenset({"fire", "move", "aim", "hand_to_hand", "pick_up", "hold",
    "automatic", "automatic_turn", "next_figure", "previous_figure", "type_destination",
    "settings"})  # fmt: skip
# Keys of the browsing mode only (not while a move or a pick is open).
BROWSE_ONLY_ACTIONS = frozenset({"settings", "aim", "hold", "automatic", "automatic_turn",
    "simulate", "sweep", "toggle_view", "move", "undo", "redo"})  # fmt: skip


class Moment(msgspec.Struct, frozen=True):
    """What decides the keys: the tab's mode, the game, what the selected figure may do."""

    mode: str
    has_game: bool
    over: bool
    kinds: frozenset[str]  # what the selected figure may do now
    pick_kind: str
    can_undo: bool
    can_redo: bool
    several_ready: bool  # more than one figure may act now
    typing: bool  # the typed destination's box has the keys
    log_pages: bool  # the log is shown and holds more than its rows


def offered(action: str, now: Moment) -> bool:
    """Whether the table's `action` works now (the footer shows it)."""
    if action in GAME_ONLY_ACTIONS and (not now.has_game or now.over):
        return False  # no game, or the board is locked at game over
    if action in BROWSE_ONLY_ACTIONS and now.mode != BROWSE:
        return False
    if action == "undo":
        return now.can_undo
    if action == "redo":
        return now.can_redo
    if action in ("new_game", "start_again"):
        return now.mode == BROWSE and (action == "start_again") == now.over
    if action in ("confirm", "cancel"):
        return now.mode != BROWSE
    if action == "cursor":  # not while the destination is typed: the box has the keys
        return now.mode == MOVING and not now.typing
    if action == "choose":
        return now.mode == PICKING
    if action in ("next_figure", "previous_figure"):
        return now.mode != PICKING and now.several_ready
    if action == "type_destination":
        return now.mode == MOVING
    if action in PICK_ACTIONS and now.mode == PICKING:
        return now.pick_kind == PICK_ACTIONS[action]  # the same key cycles the choice
    if action in WHEN_ABLE:
        return now.mode == BROWSE and WHEN_ABLE[action] in now.kinds
    if action in ("replay", "export_log", "replay_in_play", "export_in_play"):
        shown_now = action in ("replay", "export_log")
        return now.mode == BROWSE and now.has_game and shown_now == now.over
    if action == "scroll_log":
        return now.log_pages
    return True


def why_not(action: str, now: Moment) -> str | None:
    """Why `action` does not work now, in the GM's words (None: the table's own words)."""
    if action in ("undo", "redo"):
        return f"Nothing to {'undo' if action == 'undo' else 'redo'} here."
    if action in GAME_ONLY_ACTIONS and not now.has_game:
        return "No game in play: n starts one."
    if action in GAME_ONLY_ACTIONS and now.over:
        return "The game is over: n starts it again, r replays it."
    if action in WHEN_ABLE and now.mode == BROWSE:
        return (
            f"The figure to act cannot {ABLE_WORDS[action]} now "
            "(its line below says what it can do)."
        )
    return None
