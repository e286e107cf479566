"""One base exception for everything the rules engine refuses, so front ends catch one type."""


class RulesError(Exception):
    """A request the rules cannot honour (bad dice expression, impossible value, ...)."""


class TableError(RulesError):
    """A rule table or data file that does not say what the code needs.

    The message always names the file, the key (and line where known) and what was expected,
    because a GM who house-rules a YAML file must be able to find the mistake at once.
    """

    def __init__(
        self,
        file: str,
        key: str,
        expected: str,
        line: int | None = None,
        got: object = None,
        subject: str | None = None,
    ) -> None:
        self.file = file
        self.key = key
        self.expected = expected
        self.line = line
        self.got = got
        self.subject = subject
        where = f"{file}:{line}" if line is not None else file
        what = f" ({subject})" if subject else ""
        key_part = f" key '{key}'" if key else ""
        got_part = "" if got is None else f", got {excerpt(got)}"
        super().__init__(f"{where}{what}:{key_part} expected {expected}{got_part}")


EXCERPT_CHARS = 60


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """`repr(value)` cut to about `limit` characters: a message quotes what it refuses, never
    a whole file (a spec that is a link to a system file must not print that file). Only the
    first part of a big value is looked at, so a huge or self-repeating one costs nothing."""
    if isinstance(value, str):
        text = repr(value[: limit + 1])
    elif isinstance(value, (list, dict, tuple, set)):
        text = reprlib_repr(value)
    else:
        text = (
            repr(value)
            if not isinstance(value, int) or value.bit_length() < 200
            else "a huge number"
        )
    return text if len(text) <= limit else text[: limit - 1] + "…"


def reprlib_repr(value: object) -> str:
    import reprlib

    short = reprlib.Repr()
    short.maxlevel = 3
    short.maxstring = 40
    short.maxother = 40
    return short.repr(value)
