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
        got_part = "" if got is None else f", got {got!r}"
        super().__init__(f"{where}{what}:{key_part} expected {expected}{got_part}")
