"""Errors the campaign store raises; each message says what happened, where, and what to do."""

from gmtool.rules.errors import RulesError

# What turning a saved state of the wrong shape back into the rules' objects raises: a None
# where a mapping was (AttributeError), a list too short (IndexError), a number too big
# (OverflowError). Caught only around those conversions, where each means "does not read".
UNREADABLE_STATE = (RulesError, LookupError, TypeError, ValueError, AttributeError, ArithmeticError)


class StoreError(Exception):
    """A campaign that cannot be opened or written as asked. Nothing was changed."""


class CampaignLocked(StoreError):
    """Another gmtool process holds the campaign's writer lock."""


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
