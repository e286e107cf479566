"""The one error an action raises when it will not do what was asked, and the store's error
(a damaged file, a refused save) that screens catch beside it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from gmtool.rules.errors import RulesError
from gmtool.store.errors import StoreError as StoreError


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
