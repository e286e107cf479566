"""The action layer: one function per thing a GM can do, shared by the TUI, the CLI and tests.

Each action takes the campaign and plain typed arguments, checks them (`ActionRefused` says
why, in one line), calls the rules, and saves everything it changed as one commit
(`Campaign.transaction`: every file all or nothing). It returns a typed result (ids, tracks,
amounts, causes) that the screens and the CLI render; nothing parses their words back.

Imports rules and store; never textual.
"""

from gmtool.actions.errors import ActionRefused

__all__ = ["ActionRefused"]
