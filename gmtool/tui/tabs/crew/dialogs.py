"""Small dialogs of the Crew tab: import a spec file, export a crew list, and the questions
asked before a deletion or a new crew."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

import msgspec
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input, Select, Static

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.ships import ManifestCheck
from gmtool.rules.errors import RulesError
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog, GmDialog
from gmtool.tui.dialogs.base import field_value, save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.widgets.compact import choice, form_row

R = TypeVar("R")


class CrewDialog(GmDialog[R]):
    """The base of the Crew tab's small forms: a title, a field a row, a hint and the line
    that says why not, in one look (dialogs.tcss). A field's id is `NAME`-key."""

    SCOPED_CSS = False  # the rules name CrewDialog themselves
    DEFAULT_CSS = tab_css(__file__, "dialogs.tcss")
    NAME = ""
    FIRST = ""  # the key of the field the cursor starts in
    HINT = ""
    heading = ""

    def rows(self) -> Iterable[Widget]:
        """The dialog's fields, a row each."""
        return ()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.heading, classes="dialog-title")
            yield from self.rows()
            yield Static(self.HINT, classes="dialog-hint")
            yield Static("", id=f"{self.NAME}-error", classes="dialog-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(f"#{self.NAME}-{self.FIRST}").focus()

    def value(self, key: str) -> str:
        """What a field holds: a choice's value, or the text typed without its edges."""
        field = self.query_one(f"#{self.NAME}-{key}")
        return str(field.value) if isinstance(field, Select) else field_value(field).strip()

    def refuse(self, text: str) -> None:
        self.query_one(f"#{self.NAME}-error", Static).update(text)


SIDE_OPTIONS = [("ours (a campaign ship)", "campaign"), ("enemy", "enemy")]

# Tries an import; returns None when it worked, else the message to show.
ImportAttempt = Callable[[Path, str], "str | None"]


class ImportDialog(CrewDialog[bool]):
    """A spec file and a side; `attempt` imports it. A bad file keeps the dialog open with what
    is wrong, so the GM fixes the path or the file and presses Enter again."""

    CANCEL_RESULT = False
    ACTIONS = (save_action("submit", "Import", "Import the ship spec file"),)
    NAME, FIRST, heading = "import", "path", "Import a ship spec file"
    HINT = (
        "A YAML spec: name, class, hull_points and systems (see gmtool crew --help). "
        "Enter imports, Escape cancels."
    )

    def __init__(self, attempt: ImportAttempt) -> None:
        super().__init__()
        self.attempt = attempt

    def rows(self) -> Iterable[Widget]:
        yield form_row(
            "File", Input(placeholder="ships/kestrel.yaml", id="import-path", compact=True)
        )
        yield form_row("Side", choice(SIDE_OPTIONS, "campaign", "import-side"))

    def action_submit(self) -> None:
        if not (text := self.value("path")):
            self.refuse("Not imported: type the path of a ship spec file.")
        elif (refusal := self.attempt(Path(text).expanduser(), self.value("side"))) is None:
            self.dismiss(True)
        else:
            self.refuse(f"Not imported: {refusal}")


class ExportRequest(msgspec.Struct, frozen=True):
    what: str  # "manifest" or "roster"
    format: str  # "markdown" or "csv"
    path: Path


Export = Callable[[ExportRequest], None]
EXTENSIONS = {"markdown": "md", "csv": "csv"}
LISTS = [("crew manifest", "manifest"), ("named roster", "roster")]
FORMATS = [("Markdown", "markdown"), ("CSV", "csv")]


def default_export_name(ship_id: str, what: str, fmt: str) -> str:
    """The file name offered in the current directory: kestrel-roster.csv."""
    return f"{ship_id}-{what}.{EXTENSIONS[fmt]}"


class ExportDialog(CrewDialog["ExportRequest | None"]):
    """Ask what to export (manifest or roster), in which format, and where."""

    ACTIONS = (save_action("submit", "Export", "Write the file"),)
    NAME, FIRST = "export", "path"
    HINT = (
        "A relative path is in the directory gmtool was started from. "
        "Enter exports (an existing file is replaced), Escape cancels."
    )

    def __init__(self, ship_id: str, ship_name: str, what: str, write: Export) -> None:
        """`write` writes the file (OSError when it cannot): the dialog stays open on a path
        that cannot be written, with the reason, so the GM fixes the path, not retypes it."""
        super().__init__()
        self.ship_id = ship_id
        self.heading = f"Export the crew of {ship_name}"
        self.what = what
        self.write = write
        self._offered = default_export_name(ship_id, what, "markdown")

    def rows(self) -> Iterable[Widget]:
        yield form_row("What", choice(LISTS, self.what, "export-what"))
        yield form_row("Format", choice(FORMATS, "markdown", "export-format"))
        yield form_row("File", Input(self._offered, id="export-path", compact=True))

    @on(Select.Changed)
    def _choice_changed(self) -> None:
        """Offer the default name for the new choice, unless the GM typed a name of their own."""
        path_input = self.query_one("#export-path", Input)
        offered = default_export_name(self.ship_id, self.value("what"), self.value("format"))
        if path_input.value.strip() in ("", self._offered):
            path_input.value = offered
        self._offered = offered

    def action_submit(self) -> None:
        if not (text := self.value("path")):
            self.refuse("Type a file name to export to.")
            return
        request = ExportRequest(self.value("what"), self.value("format"), Path(text).expanduser())
        try:
            self.write(request)
        except (OSError, RulesError, StoreError) as exc:
            why = str(exc)
            if isinstance(exc, OSError):
                why = f"cannot write {request.path} ({exc.strerror or exc})"
            self.refuse(f"Not exported: {why}. Change the path, or Escape.")
        else:
            self.dismiss(request)


# After a ship's crew count in the ships list: today's crew rules give it another manifest.
CHANGED_MARK = "*"


def changed_text(check: ManifestCheck) -> Text:
    """The status line for a ship whose saved crew does not match today's crew rules."""
    return Text.assemble(
        (CHANGED_MARK, "bold yellow"),
        f" The crew rules now give {check.saved.ship} {check.current.total_crew} crew; its "
        f"saved roster has {check.saved.total_crew}. It is kept until you regenerate (r).",
    )


def regenerate_words(check: ManifestCheck) -> tuple[str, str]:
    """The question asked before r names a whole new crew, and its detail: what today's
    rules give, if that changed."""
    changed = (
        f"Today's crew rules give {check.current.total_crew} crew; the saved roster has "
        f"{check.saved.total_crew}. "
        if check.changed
        else ""
    )
    return (
        f"Name a new crew for {check.current.ship}?",
        f"{changed}y works the manifest out again and names a whole new crew; n or Escape "
        "keeps this one. ctrl+z brings the old names back.",
    )


# What the delete question's list answers.
DELETE_AND_UNASSIGN = "delete"
KEEP_SHIP = "keep"


def delete_question(
    name: str, aboard: tuple[str, ...], battles: tuple[str, ...] = ()
) -> ConfirmDialog | ChoiceDialog:
    """Asked before x deletes a ship: yes or no for an empty ship, else a choice naming the
    characters aboard (the safe answer first); an open battle she is in is said first."""
    fighting = ""
    if battles:
        several = len(battles) != 1
        fighting = (
            f"{name} is in the open battle{'s' if several else ''} {', '.join(battles)}: "
            f"deleting her takes her out of {'them' if several else 'it'}, with everyone aboard. "
        )
    if not aboard:
        return ConfirmDialog(
            f"Delete {name} and its crew?",
            detail=f"{fighting}y deletes, n or Escape keeps it. ctrl+z undoes a deletion.",
            danger=True,
        )
    several = len(aboard) != 1
    who = f"{len(aboard)} character{'s' if several else ''}"
    stations = "their stations" if several else "their station"
    return ChoiceDialog(
        f"{who} aboard {name}",
        [
            (KEEP_SHIP, "Keep the ship"),
            (
                DELETE_AND_UNASSIGN,
                f"{fighting}Delete {name} and take {who} off {stations}: "
                f"{', '.join(aboard)} (ctrl+z brings ship and stations back)",
            ),
        ],
        initial=KEEP_SHIP,
    )
