"""The Crew tab's roster table: a list a GM knows, where Home and End go to the first and the
last member (a DataTable's own Home and End scroll sideways), End bringing in every page of
a big crew first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.binding import Binding
from textual.widgets import DataTable


class RosterTable(DataTable[Any]):
    """`show_all` (set by the tab) adds every page of members not shown yet."""

    BINDINGS = [
        Binding("home", "first_member", "First", show=False),
        Binding("end", "last_member", "Last", show=False),
    ]

    show_all: Callable[[], None] | None = None

    def action_first_member(self) -> None:
        if self.row_count:
            self.move_cursor(row=0)

    def action_last_member(self) -> None:
        if self.show_all is not None:
            self.show_all()
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)
