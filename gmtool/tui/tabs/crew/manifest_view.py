"""What the Crew tab shows of a ship's crew: the summary lines and the manifest tree."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Tree

from gmtool.rules.crew import SECTIONS, Manifest
from gmtool.rules.ships import ShipSpec
from gmtool.tui.tabs.crew.short_words import post_cell
from gmtool.tui.widgets.steady import KeepsSize

RANK_LABEL = {"officer": "officer", "petty_officer": "petty officer", "enlisted": "enlisted"}


class ManifestTree(KeepsSize, Tree[str]):
    """The manifest: sections, departments, posts. A tab shown again keeps its lines."""

    _width_seen: int | None = None  # the width of the last Resize Tree's own handler took
    _styled_in_theme: str | None = None  # the theme its lines were last drawn in

    def notify_style_update(self) -> None:
        """The cursor coming or going restyles the tree: its lines are redrawn in the new
        colours (Tree keeps them per focus and hover state), without Tree's own relayout,
        as no line changes width (a third of a key's time on a 5,000-crew ship). A new
        theme goes to Tree's own."""
        if self._styled_in_theme in (None, self.app.theme):
            self._styled_in_theme = self.app.theme
            Widget.notify_style_update(self)
            self.refresh()
            return
        self._styled_in_theme = self.app.theme
        super().notify_style_update()

    def on_resize(self, event: events.Resize) -> None:
        """A new height alone (the status line taking a row more or less) changes no line,
        and the layout frame before this Resize drew them already: Tree's own handler, a
        relayout costing a frame more after the key, runs only on a new width."""
        if event.size.width != self._width_seen:
            self._width_seen = event.size.width
            return  # Tree's own
        event.prevent_default()


def crew_summary(spec: ShipSpec, manifest: Manifest, side: str) -> Text:
    """Two lines: what the ship is, then its crew totals at a glance."""
    quality = spec.crew_quality
    quality_text = (
        f"crew score {quality}"
        if isinstance(quality, int)
        else f"{quality} crew (score {spec.crew_check_score})"
    )
    return Text.assemble(
        (spec.name, "bold"),
        f"  {spec.ship_class}, {spec.hull_points} hull points, {quality_text}",
        ("  enemy" if side == "enemy" else "", "bold red"),
        "\n",
        ("Basic ", "dim"),
        (str(manifest.basic_crew), "bold"),
        (f" ({manifest.basic_officers} officers)", "dim"),
        ("  Support ", "dim"),
        (str(manifest.support_crew), "bold"),
        ("  Total ", "dim"),
        (str(manifest.total_crew), "bold"),
    )


# A narrow screen's manifest keeps names to this many cells, shortened (not cut) beyond.
NARROW_NAME_WIDTH = 22


def fill_manifest_tree(tree: Tree[str], manifest: Manifest, ranks: bool = True) -> None:
    """Sections, their departments, and each post with its count (and rank); totals on each
    level. Counts come before ranks, which a narrow screen leaves out; it also shortens
    the longest names (`post_cell`) so the counts stay in sight."""
    tree.clear()
    posts = [p for d in manifest.departments for p in d.posts]
    width = max([len(p.name) for p in posts] + [len(d.name) for d in manifest.departments] + [12])
    if not ranks:
        width = min(width, NARROW_NAME_WIDTH)
    count_width = max(4, len(str(manifest.total_crew)))
    totals = {"basic": manifest.basic_crew, "support": manifest.support_crew}

    def line(name: str, count: int, indent: int, style: str = "bold") -> Text:
        # A shallower level of the tree pads its name further so that the counts line up.
        name = post_cell(name, width + indent)
        return Text.assemble(
            (f"{name:<{width + indent}}  ", style), (f"{count:>{count_width}}", style)
        )

    for section in SECTIONS:
        section_node = tree.root.add(
            line(f"{section.capitalize()} crew", totals[section], 6), data=section, expand=True
        )
        for department in (d for d in manifest.departments if d.section == section):
            department_node = section_node.add(
                line(department.name, department.total, 2), data=department.id, expand=True
            )
            for post in department.posts:
                label = line(post.name, post.count, 0, style="")
                if ranks:
                    label.append(f"  {RANK_LABEL.get(post.rank, post.rank)}", style="dim")
                department_node.add_leaf(label, data=post.id)
    tree.root.add_leaf(line("Total crew", manifest.total_crew, 8), data="total")
