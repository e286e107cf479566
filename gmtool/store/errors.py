"""Errors the campaign store raises; each message says what happened, where, and what to do."""

from gmtool.rules.errors import RulesError

# What turning a saved state of the wrong shape back into the rules' objects raises: a None
# where a mapping was (AttributeError), a list too short (IndexError), a number too big
# (OverflowError). Caught only around those conversions, where each means "does not read".
UNREADABLE_STATE = (RulesError, LookupError, TypeError, ValueError, AttributeError, ArithmeticError)


class StoreError(Exception):
    """A campaign that cannot be opened or written as asked. Nothing was changed."""


class CampaignLocked(StoreError):
    """Another gmtool process holds the campaign's writer lock: `holder` says which (program,
    pid, user, host, since when), `waited` how many seconds this one waited for it."""

    def __init__(self, folder: object, holder: str, waited: float = 0.0) -> None:
        self.folder = str(folder)
        self.holder = holder
        self.waited = waited
        after = f" (after waiting {waited:g} s)" if waited else ""
        super().__init__(
            f"campaign {folder} is open for writing in {holder}{after}; "
            "close it there first (nothing was changed)"
        )


class CampaignChanged(StoreError):
    """Another process saved an action since this one read the campaign (its lock was
    deleted or ignored): nothing was saved, and the store's caches were dropped, so a
    screen that reads again shows the campaign as it is. `seen` and `found` are the
    campaign's generations (store/generation.py) as read and as now on disk."""

    def __init__(self, folder: object, seen: int, found: int) -> None:
        self.folder = str(folder)
        self.seen = seen
        self.found = found
        super().__init__("the campaign changed since this screen read it: reloaded")


class CampaignCorrupt(StoreError):
    """A campaign file that does not parse. It is never overwritten."""

    def __init__(self, file: str, reason: str, backup: str | None) -> None:
        self.file = file
        self.reason = reason
        self.backup = backup
        if backup:
            advice = (
                f" The newest good backup is {backup}; to restore it, close gmtool and copy it "
                f"over {file}."
            )
        else:
            advice = " No good backup of it was found."
        super().__init__(
            f"campaign file {file} is damaged ({reason}); it was left unchanged.{advice}"
        )


class SaveRefused(StoreError):
    """A save refused before its journal was written (store/preflight.py): nothing changed.

    `path` is the file or folder in the way, `reason` one of the kinds below; for NO_SPACE
    `needed` and `free` are the bytes the save needs and those the disk has."""

    FOLDER_IN_THE_WAY = "folder in the way"
    NOT_A_FOLDER = "not a folder"
    NOT_WRITABLE = "not writable"
    NO_SPACE = "no space"
    EARLIER_UNFINISHED = "earlier action unfinished"

    def __init__(
        self, path: object, reason: str, *, needed: int = 0, free: int = 0, detail: str = ""
    ) -> None:
        self.path = str(path)
        self.reason = reason
        self.needed = needed
        self.free = free
        self.detail = detail
        what = {
            self.FOLDER_IN_THE_WAY: f"{path} is a folder where gmtool saves a file; move it away",
            self.NOT_A_FOLDER: f"{path} is a file where gmtool needs a folder; move it away",
            self.NOT_WRITABLE: f"gmtool may not write in {path}; check its permissions",
            self.NO_SPACE: f"the disk holding {path} has {free:,} bytes free and the save "
            f"needs {needed:,} and some room to spare; free some space",
            self.EARLIER_UNFINISHED: "the action before it is saved but not yet in place "
            f"({detail}); fix that and open the campaign again",
        }[reason]
        super().__init__(f"cannot save the action: {what} (nothing was changed)")


def os_error_detail(exc: OSError, subject: object = None) -> str:
    """What the system said, in one line: 'No such file or directory', with the file it was
    about unless that is `subject` (already named), and what the puzzling ones mean here."""
    text = exc.strerror or str(exc)
    if exc.filename is not None and str(exc.filename) != str(subject):
        text = f"{exc.filename}: {text}"
    if isinstance(exc, NotADirectoryError):
        text += " (part of that path is a file, not a folder)"
    elif isinstance(exc, FileExistsError):
        text += " (a file is where a folder should be)"
    return text
