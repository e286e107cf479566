"""The one error an action raises when it will not do what was asked, and the store's error
(a damaged file, a refused save) that screens catch beside it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from gmtool.rules.errors import RulesError
from gmtool.store.errors import StoreError as StoreError
from gmtool.store.records import NotRedone  # not undo_history: the CLI and app load this first


class ActionRefused(RulesError):
    """The action was not done, and nothing was saved; the text says why in the GM's words.

    A kind of RulesError, so a screen or command that shows the rules' refusals shows this
    one too."""


@contextmanager
def refusals() -> Iterator[None]:
    """Turn the rules' refusal (the action does not fit the battle, the phase, the ship)
    into `ActionRefused`; the store's errors (a damaged file, a refused save) pass as they
    are, since they are about the files, not the game."""
    try:
        yield
    except ActionRefused:
        raise  # already an action's refusal, perhaps a typed one
    except RulesError as exc:
        raise ActionRefused(str(exc)) from None


# What each reason a redo is refused says, in the GM's words (no tab, no key: each front
# end adds its own hint).
NOT_REDONE_WORDS: dict[NotRedone, str] = {
    NotRedone.NOTHING: "nothing to redo: nothing was taken back since the last change",
    NotRedone.ENDED_BATTLE: "not redone: the step ended the battle; end it again instead",
    NotRedone.HURT_CHARACTERS: "not redone: the step hurt characters; play it again instead",
    NotRedone.MOVED_CHARACTERS: (
        "not redone: the step moved characters at their stations; give the order again"
    ),
    NotRedone.UNDONE_ELSEWHERE: (
        "not redone: the step was taken back along with another change; play it again instead"
    ),
    NotRedone.BATTLE_END: "not redone: the change is a battle's end; redo it with the battle",
    NotRedone.STEP_TAKEN_BACK: (
        "not redone: the entries came from a battle step taken back since; play that step "
        "again instead"
    ),
}


class RedoRefused(ActionRefused):
    """Nothing was redone; `why` says which reason (store/records.NotRedone)."""

    def __init__(self, why: NotRedone) -> None:
        super().__init__(NOT_REDONE_WORDS[why])
        self.why = why


class NothingToUndo(ActionRefused):
    """Nothing was undone: the history has no step left to take back."""
