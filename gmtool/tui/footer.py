"""The footer: every key the GM can press right now, wrapped onto more lines when needed.

Textual's own Footer keeps to one line and cuts what does not fit: at 80 columns a busy
tab (Battle, Torga IV) would lose the very keys a GM looks for (New, Open, Help).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding, Binding
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.geometry import Size
    from textual.screen import Screen


class FooterItem(msgspec.Struct, frozen=True):
    """One key in the footer: what to press, what it is called, what it does.

    A `Binding.Group` (the arrows that move a point, the keys that page a log) is one item,
    its keys side by side under the group's description: `key` is the first (a click
    presses it), `others` the rest, `actions` every action it stands for.
    """

    key: str
    key_display: str
    description: str
    enabled: bool
    palette: bool = False
    others: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()

    @property
    def width(self) -> int:
        return len(self.key_display) + len(self.description) + 3

    @property
    def keys(self) -> tuple[str, ...]:
        return (self.key, *self.others)


def _joined(first: FooterItem, then: FooterItem, group: Binding.Group) -> FooterItem:
    """The next key of a group added to its item: side by side, or touching if compact."""
    gap = "" if group.compact else " "
    return FooterItem(
        first.key,
        first.key_display + gap + then.key_display,
        group.description,
        first.enabled and then.enabled,
        others=(*first.others, then.key),
        actions=(*first.actions, *then.actions),
    )


def wrap_items(items: list[FooterItem], width: int) -> list[list[FooterItem]]:
    """Items in rows no wider than `width`, in order; an item never splits across rows."""
    rows: list[list[FooterItem]] = [[]]
    used = 0
    for item in items:
        if rows[-1] and used + item.width > width:
            rows.append([])
            used = 0
        rows[-1].append(item)
        used += item.width
    return rows


# From this many lines up, the footer keeps the rows its keys took within a tab.
KEEP_ROWS_FROM = 30


def in_table_order(active: dict[str, ActiveBinding]) -> list[tuple[str, ActiveBinding]]:
    """The active bindings, each node's own in the order its BINDINGS declare them.

    Textual lists a key where it is first bound along the focus chain: a tab's priority
    `enter` takes the focused list's place, and "Do it" would come before the tab's first
    keys. Each node's bindings are put back in declared order into the places they hold."""
    entries = list(active.items())
    declared: dict[int, dict[tuple[str, str], int]] = {}  # node -> (key, action) -> position
    places: dict[int, list[int]] = {}  # node -> the places its declared bindings hold
    order: dict[int, int] = {}  # place -> the binding's position in its node's BINDINGS
    for place, (key, entry) in enumerate(entries):
        node = id(entry.node)
        if node not in declared:
            bindings = (b for b in getattr(entry.node, "BINDINGS", ()) if isinstance(b, Binding))
            declared[node] = {}
            for index, b in enumerate(bindings):
                declared[node].setdefault((b.key, b.action), index)
        position = declared[node].get((key, entry.binding.action))
        if position is not None:
            places.setdefault(node, []).append(place)
            order[place] = position
    ordered = list(entries)
    for held in places.values():
        for place, moved in zip(held, sorted(held, key=order.__getitem__), strict=True):
            ordered[place] = entries[moved]
    return ordered


class KeyFooter(Widget):
    """The keys of the focused widget, its tab and the app, as Textual's Footer shows them,
    on as many lines as the width needs. Clicking a key presses it."""

    COMPONENT_CLASSES = {"key-footer--key", "key-footer--description"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: auto;
        color: $footer-foreground;
        background: $footer-background;
        .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        # (row, first column, last column + 1, key) of each key drawn, for clicks
        self._hit_boxes: list[tuple[int, int, int, FooterItem]] = []
        # the keys and width last drawn: Textual signals again a refresh after each focus
        # change, which then draws nothing new
        self._drawn: tuple[list[FooterItem], int] | None = None
        # the most rows the keys took in (the tab with the cursor, the width)
        self._most_rows: dict[tuple[str | None, int], int] = {}
        # (width, rows) of the last layout
        self._room: tuple[int, int] | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if not (self.is_attached and screen is self.screen):
            return
        # the whole screen is laid out again only when the footer's row count changes; the
        # room it was laid out in, as hidden under a dialog it has no size
        items = self.items()
        if self._drawn == (items, self.size.width):
            return
        width, laid_rows = self._room or (self.size.width, self.size.height)
        rows = self._rows(items, width) if width else None
        self.refresh(layout=rows != laid_rows)

    def _rows(self, items: list[FooterItem], width: int) -> int:
        """The rows the keys need; on a tall terminal the most they needed in this tab at
        this width, so the cursor moving from a list to its view does not make the tab jump
        a line (on a short one every line counts more)."""
        needed = len(wrap_items(items, width))
        if self.app.size.height < KEEP_ROWS_FROM:
            self._most_rows = {}
            return needed
        place = (self._tab_of_cursor(), width)
        rows = max(needed, self._most_rows.get(place, 0))
        self._most_rows = {place: rows}
        return rows

    def _tab_of_cursor(self) -> str | None:
        focused = self.screen.focused
        nodes = focused.ancestors_with_self if focused is not None else []
        tabs = (getattr(node, "TAB_ID", None) for node in nodes)  # a GmPane's
        return next((str(tab) for tab in tabs if tab), None)

    def items(self) -> list[FooterItem]:
        """The keys to show now: one per action, the command palette last."""
        app = self.app
        found: list[FooterItem] = []
        palette: FooterItem | None = None
        seen_actions: set[str] = set()
        last_group: Binding.Group | None = None  # the group the last item stands for
        for key, active in in_table_order(self.screen.active_bindings):
            binding = active.binding
            is_palette = key == app.COMMAND_PALETTE_BINDING and app.ENABLE_COMMAND_PALETTE
            if not is_palette and (not binding.show or binding.action in seen_actions):
                continue
            item = FooterItem(
                binding.key,
                app.get_key_display(binding),
                binding.description,
                active.enabled,
                actions=(binding.action,),
            )
            if is_palette:
                palette = replace(item, palette=True)
                continue
            seen_actions.add(binding.action)
            group = binding.group
            if group is not None and group == last_group:
                item = _joined(found.pop(), item, group)
            elif group is not None:
                item = replace(item, description=group.description)
            last_group = group
            found.append(item)
        if palette is not None:
            found.append(palette)
        return found

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rows = self._rows(self.items(), width)
        self._room = (width, rows)
        return rows

    def render(self) -> Text:
        key_style = self.get_component_rich_style("key-footer--key")
        description_style = self.get_component_rich_style("key-footer--description")
        width = self.size.width
        items = self.items()
        self._drawn = (items, width)
        rows = wrap_items(items, width)
        text = Text(no_wrap=True, overflow="crop")
        self._hit_boxes = []
        for number, row in enumerate(rows):
            if number:
                text.append("\n")
            column = 0
            for item in row:
                if item.palette:  # kept to the right, as in Textual's footer
                    gap = width - column - item.width
                    text.append(" " * max(gap - 1, 0))
                    text.append("▏" if gap > 0 else "", style="dim")
                    column += max(gap, 0)
                dim = Style() if item.enabled else Style(dim=True)
                start = column
                text.append(f" {item.key_display} ", style=key_style + dim)
                text.append(f"{item.description} ", style=description_style + dim)
                column += item.width
                self._hit_boxes.append((number, start, column, item))
        return text

    def on_click(self, event: events.Click) -> None:
        for row, start, end, item in self._hit_boxes:
            if event.y == row and start <= event.x < end:
                if item.enabled:
                    self.app.simulate_key(item.key)
                else:
                    self.app.bell()
                return
