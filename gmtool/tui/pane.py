"""Base class of every tab's content: its id, title, help text, palette entries and campaign."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual.containers import Vertical
from textual.message import Message

from gmtool.rules.errors import RulesError
from gmtool.store.errors import StoreError

if TYPE_CHECKING:
    from gmtool.store import Campaign
    from gmtool.tui.app import GmApp


class GmPane(Vertical):
    TAB_ID: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    HELP: ClassVar[str] = ""
    # (title, description, method name) for the command palette
    PALETTE: ClassVar[list[tuple[str, str, str]]] = []

    @property
    def gm_app(self) -> GmApp:
        from gmtool.tui.app import GmApp

        return cast(GmApp, self.app)

    @property
    def campaign(self) -> Campaign:
        return self.gm_app.campaign

    async def _dispatch_message(self, message: Message) -> None:
        # A handler of this tab that meets a damaged file or a refused rule says so and the
        # tab keeps working (Textual stops a widget's message loop at an uncaught error).
        try:
            await super()._dispatch_message(message)
        except (StoreError, RulesError) as exc:
            self.gm_app.show_data_error(exc)

    def help_text(self) -> str:
        """What F1 shows for this tab: its HELP, or more where the tab knows more (the
        Torga IV tab adds the rules card of the scenario in play)."""
        return self.HELP

    def focus_default(self) -> None:
        """Put the cursor where a GM starts on this tab (called when the tab is shown)."""
        self.focus()
