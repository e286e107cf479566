"""What the Injuries tab's key mixins (hurt, healing, undo) take from the pane: declared
once here for the type checker; `InjuriesPane` supplies them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.tui.pane import GmPane

if TYPE_CHECKING:
    from rich.text import Text

    from gmtool.actions.reads.injuries import InjuryEntry
    from gmtool.rules.characters import Party


class InjuryKeys(GmPane):
    """The base of the tab's key mixins."""

    if TYPE_CHECKING:
        party: Party

        def reload(
            self, new_entry: InjuryEntry | None = None, *, to_character: bool = True
        ) -> None: ...
        def focus_default(self) -> None: ...
        def highlighted_character_id(self) -> str | None: ...
        def entry_in_view(self, entry_id: int) -> str | None: ...
        def _refused(self) -> bool: ...
        def _need_party(self, what: str) -> bool: ...
        def _saved(self, what: str, entry: InjuryEntry) -> str: ...
        def show_status(self, text: str | Text, error: bool = False) -> None: ...

    def read_again_if_saved(self) -> None:
        """As the tab is shown or a dialog opens on the party: read the campaign again if
        anything was saved since the tab read it (another tab may have hurt or moved
        someone). Otherwise the tab as drawn is the campaign, and reading it again, history
        and all, only made the tab and its dialogs slower to open."""
        if self.saved_since_read():
            self.reload()
