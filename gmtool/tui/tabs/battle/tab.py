"""What the Battle tab's orders, battle menu and undo keys use of the tab, as a protocol.

`BattlePane` is the one object that has it; the modules it calls name it by this type, so
none of them imports the pane that imports them (the tab's modules form no import circle,
`if TYPE_CHECKING:` imports included). mypy checks the pane against it wherever the pane
passes itself.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from rich.text import Text
from textual.app import App
from textual.worker import Worker

from gmtool.actions.battles import StepDone
from gmtool.actions.reads.battles import StepOutcome
from gmtool.actions.reads.campaign import Campaign
from gmtool.rules.battle import ActionInfo, BattleState


class BattleTab(Protocol):
    battle_id: str | None
    battle: BattleState | None
    now: list[ActionInfo]  # the actions of the list shown
    redo_label: str | None  # what ctrl+y does again now (None: nothing)

    @property
    def app(self) -> App[object]: ...

    @property
    def campaign(self) -> Campaign: ...

    @property
    def generation(self) -> int:
        """The generation of the action list shown: an order given on an older one is
        refused."""
        ...

    def show_status(self, text: str | Text, error: bool = False) -> None: ...

    def reload(self, keep_status: bool = False) -> None: ...

    def focus_default(self) -> None: ...

    def damage_target(self) -> str | None: ...

    def do_step(
        self, fn: Any, *args: Any, at: int | None = None, **kwargs: Any
    ) -> StepOutcome | None: ...

    def do_action(
        self, action: Callable[..., StepDone], *args: Any, at: int | None = None, **kwargs: Any
    ) -> StepOutcome | None: ...

    def outcome_text(self, outcome: StepOutcome) -> Text: ...

    def need_battle(self) -> BattleState | None: ...

    def need_open_battle(self) -> BattleState | None: ...

    def run_worker(
        self, work: Coroutine[Any, Any, None], *, group: str = ..., exclusive: bool = ...
    ) -> Worker[None]: ...
