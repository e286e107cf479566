"""The Injuries tab's ctrl+z and ctrl+y: take back the newest injury entry (a batch whole)
or bail-out order, and do it again. The status line says what was taken back; when that was
not on screen (filtered out, scrolled away, or the bail-out, which lives in its dialog) it
says whose and what first. A mixin of `InjuriesPane`."""

from __future__ import annotations

from gmtool.actions import history
from gmtool.actions.errors import StoreError
from gmtool.actions.injuries import Redone, Undone
from gmtool.actions.reads.injuries import InjuryEntry
from gmtool.rules.errors import RulesError
from gmtool.tui.tabs.injuries.injury_text import tracks
from gmtool.tui.tabs.injuries.keys_base import InjuryKeys


def _what(entry: InjuryEntry) -> str:
    """`#12 damage of Dorran Vek (a fall)`."""
    return f"#{entry['id']} {entry['kind']} of {entry['character_name']} ({entry.get('cause', '')})"


def undone_text(undone: Undone, unseen: str | None) -> tuple[str, bool]:
    """The status after ctrl+z (and whether it is a refusal); `unseen` is why the entry was
    not on screen (None: it was)."""
    if undone.bailout is not None:
        b = undone.bailout
        return (
            f"Undone: the order to abandon {b.where} ({b.bailout.rounds} rounds; its dice are "
            "marked undone in the log). ctrl+y orders it again.",
            False,
        )
    entry = undone.entry
    if entry is None:
        return "Nothing to undo: every injury entry is already undone.", True
    if len(undone.batch) > 1:
        names = ", ".join(sorted({str(e["character_name"]) for e in undone.batch}))
        where = f" ({unseen})" if unseen else ""
        return (
            f"Undone{where}: {len(undone.batch)} entries of one {entry['kind']} "
            f"({entry.get('cause', '')}): {names}. ctrl+y redoes.",
            False,
        )
    back = "/".join(str(entry["before"].get(t, 0)) for t in tracks())
    if unseen:
        return (
            f"Undone {_what(entry)}, {unseen}: {entry['summary']}; tracks back to {back}.",
            False,
        )
    return (
        f"Undone: {_what(entry)}; tracks back to {back}, the entry dimmed; ctrl+y redoes.",
        False,
    )


def redone_text(redone: Redone) -> tuple[str, bool]:
    """The status after ctrl+y (and whether it is a refusal)."""
    if redone.bailout is not None:
        b = redone.bailout
        return f"Redone: the order to abandon {b.where}, with the same dice.", False
    if not redone.entries:
        return "Nothing to redo: nothing was undone since the last change.", True
    first = redone.entries[0]
    if len(redone.entries) > 1:
        return (
            f"Redone: {len(redone.entries)} entries of one {first['kind']} "
            f"({first.get('cause', '')}).",
            False,
        )
    return f"Redone: {_what(first)}: {first['summary']}.", False


class UndoKeys(InjuryKeys):
    """ctrl+z and ctrl+y; the pane below it in the class list gives what is declared here."""

    def action_undo(self) -> None:
        """Take back the newest of: the last injury entry (its batch whole), the last
        bail-out order."""
        if self._refused():
            return
        from gmtool.actions.injuries import newest_to_undo

        try:
            coming = newest_to_undo(self.campaign)
            unseen = None if coming.entry is None else self.entry_in_view(int(coming.entry["id"]))
            result = history.undo(self.campaign, history.INJURIES)
        except (StoreError, RulesError) as exc:
            self.reload()
            self.show_status(f"Not undone: {exc}", error=True)
            return
        self.reload()
        if isinstance(result, history.Refused):
            self.show_status(f"{result.text[:1].upper()}{result.text[1:]}.", error=True)
            return
        assert isinstance(result.detail, Undone)
        text, refused = undone_text(result.detail, unseen)
        self.show_status(text, error=refused)

    def action_redo(self) -> None:
        """Do the last undo again (nothing is rolled again)."""
        if self._refused():
            return
        try:
            result = history.redo(self.campaign, history.INJURIES)
        except (StoreError, RulesError) as exc:
            self.reload()
            self.show_status(f"Not redone: {exc}", error=True)
            return
        if isinstance(result, history.Refused):
            self.reload()
            self.show_status(f"{result.text[:1].upper()}{result.text[1:]}.", error=True)
            return
        redone = result.detail
        assert isinstance(redone, Redone)
        newest = max(redone.entries, key=lambda e: int(e["id"])) if redone.entries else None
        self.reload(newest, to_character=len(redone.entries) == 1)
        text, refused = redone_text(redone)
        self.show_status(text, error=refused)
