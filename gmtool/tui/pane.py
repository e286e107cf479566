"""Base class of every tab's content: its id, title, help, action table and campaign."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual import events
from textual.containers import Vertical
from textual.widgets import Static

from gmtool.tui.action_table import TabAction, bindings, keys_markdown, palette_entries
from gmtool.tui.widgets.steady import AnswersAfterDataErrors, KeepsSize

if TYPE_CHECKING:
    from gmtool.actions.reads.campaign import Campaign
    from gmtool.tui.app import GmApp


# Keys that move about (lists, fields, focus, dialogs) mean something to whatever has the
# focus even when the tab's own use of them is off: they pass on without a word.
MOVING_KEYS = frozenset(
    {
        "up", "down", "left", "right", "home", "end", "pageup", "pagedown",
        "tab", "shift+tab", "escape", "enter", "space",
    }
)  # fmt: skip


class GmPane(AnswersAfterDataErrors, KeepsSize, Vertical):
    """A tab. `ACTIONS` is its one table of actions, from which its bindings, footer,
    palette and F1 help come (`HELP` is the prose above the keys). A handler that meets a
    damaged file or a refused rule says so and the tab goes on (`AnswersAfterDataErrors`)."""

    TAB_ID: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    HELP: ClassVar[str] = ""
    ACTIONS: ClassVar[Sequence[TabAction]] = ()
    STATUS_LINE: ClassVar[str] = ""
    """The id of the Static the tab composes as its one status line ("": a notification)."""
    # The campaign's change count when the tab last read it (None: read again when shown)
    _read_at: int | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # before Textual merges the class's bindings in DOMNode.__init_subclass__
        if "ACTIONS" in cls.__dict__:
            cls.BINDINGS = list(bindings(cls.ACTIONS))  # type: ignore[arg-type]
        super().__init_subclass__(**kwargs)

    @classmethod
    def palette_commands(cls) -> list[tuple[str, str, str]]:
        """(title, description, action) of this tab's palette entries."""
        return [(e.name, e.description, e.action) for e in palette_entries(cls.ACTIONS)]

    @property
    def gm_app(self) -> GmApp:
        return cast("GmApp", self.app)

    @property
    def campaign(self) -> Campaign:
        return self.gm_app.campaign

    @classmethod
    def keys_help(cls) -> str:
        """The help's table of this tab's keys."""
        return f"## Keys\n\n{keys_markdown(cls.ACTIONS)}" if cls.ACTIONS else ""

    def help_text(self) -> str:
        """What F1 shows: HELP and the keys; a tab may add more (Torga IV: its rules card)."""
        return "\n\n".join(part for part in (self.HELP, self.keys_help()) if part)

    def show_status(self, text: str | Text, error: bool = False) -> None:
        """Say `text` on the tab's status line (red for a refusal), or in a notification on
        a tab without one."""
        if not self.STATUS_LINE:
            self.gm_app.notify(str(text), severity="error" if error else "information")
            return
        status = self.query_one(f"#{self.STATUS_LINE}", Static)
        status.set_class(error, "error")
        status.update(text)

    def why_not(self, action: str) -> str | None:
        """Why the table's `action` cannot act now, in the GM's words (None: say nothing)."""
        if action in ("undo", "redo"):
            return f"Nothing to {action} on this tab."
        return None

    def on_key(self, event: events.Key) -> None:
        """A key of the tab's table whose action cannot act now: the status line says why,
        not nothing."""
        if event.key in MOVING_KEYS or event.key in self.screen.active_bindings:
            return  # something will act on it (the bindings are tried after this handler)
        entry = next((e for e in self.ACTIONS if event.key in e.all_keys), None)
        if entry is None:
            return
        action = entry.action.split("(", 1)[0]
        why = self.why_not(action) or f"{entry.name}: not now ({entry.description.lower()})."
        event.stop()
        self.show_status(why, error=True)

    def read_again(self) -> None:
        """Read the campaign again now, as when shown (another process saved since)."""
        self.forget_read()
        shown = getattr(self, "on_show", None)
        if self.is_mounted and callable(shown):
            shown()

    def note_read(self) -> None:
        """The tab reads the campaign now (call as its reading starts)."""
        self._read_at = self.campaign.change_count

    def forget_read(self) -> None:
        """The tab's read failed: it reads again the next time it is shown."""
        self._read_at = None

    def saved_since_read(self) -> bool:
        """Whether anything was saved (or the last read failed) since the tab read: a tab
        shown again reads only then."""
        return self._read_at != self.campaign.change_count

    def focus_default(self) -> None:
        """Put the cursor where a GM starts on this tab (called when the tab is shown)."""
        self.focus()
