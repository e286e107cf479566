"""The Crew tab's roster table: a list a GM knows, where Home and End go to the first and the
last member (a DataTable's own Home and End scroll sideways), End bringing in every page of
a big crew first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey


class RosterTable(DataTable[Any]):
    """`show_all` (set by the tab) adds every page of members not shown yet."""

    BINDINGS = [
        Binding("home", "first_member", "First", show=False),
        Binding("end", "last_member", "Last", show=False),
    ]

    show_all: Callable[[], None] | None = None

    class Resized(Message):
        """The roster's size changed: the rows shown may not fill it (the first page is
        cut to the height expected before layout)."""

    def on_resize(self, _event: events.Resize) -> None:
        self.post_message(self.Resized())

    def add_roster_columns(self, post_width: int) -> None:
        """Rank, name, condition, post and department (keyed "post" and "department":
        their widths fit the room)."""
        self.add_columns("Rank", "Name", "Condition")
        self.add_column("Post", width=post_width, key="post")
        self.add_column("Department", width=len("Department"), key="department")

    def fitted_widths(self) -> tuple[int, int]:
        return self.columns[ColumnKey("post")].width, self.columns[ColumnKey("department")].width

    def fit_columns(self, widths: tuple[int, int]) -> None:
        for key, width in zip(("post", "department"), widths, strict=True):
            column = self.columns[ColumnKey(key)]
            if column.width != width:
                column.width = width

    def rows_room(self, view_height: int) -> int:
        """The table's height for rows: as laid out, or (just shown) what the view of
        `view_height` will leave it."""
        if self.size.height:
            return self.size.height
        lines_above = 2  # the search field and the count (crew.tcss)
        return max(view_height - lines_above - self.styles.gutter.height - self.header_height, 0)

    def cells_room(self, view_width: int, view_height: int, rows: int) -> int:
        """The table's width for cells before it is laid out (just shown): the view's
        width less its edges, and less a scroll bar when `rows` will not fit."""
        width = view_width
        if rows > self.rows_room(view_height):
            width -= self.styles.scrollbar_size_vertical
        return max(width - self.styles.gutter.width, 0)

    def action_first_member(self) -> None:
        if self.row_count:
            self.move_cursor(row=0)

    def action_last_member(self) -> None:
        if self.show_all is not None:
            self.show_all()
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)
