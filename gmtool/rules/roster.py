"""Named crew rosters: every crew member of a manifest with a name, rank title and post.

A roster is drawn from a seed, so the same seed always names the same crew; the app keeps the
seed with the ship and the names stay put across sessions. Regenerating after the ship
changes passes the previous roster: crew whose posts still exist keep their names (a post
that shrinks keeps its first holders) and only new places get new names. Names and rank
titles are in `tables/names.yaml`.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from gmtool.rules.crew import RANKS, Manifest, crew_table, markdown_cell
from gmtool.rules.tables import Node, cached_table, load_table


class TitlePair(msgspec.Struct, frozen=True):
    """The title of a post's first (senior) holder and of the others."""

    first: str
    others: str


class NamesTable(msgspec.Struct, frozen=True):
    given_names: tuple[str, ...]
    family_names: tuple[str, ...]
    rank_titles: dict[str, TitlePair]
    post_titles: dict[str, TitlePair]

    @property
    def pool_size(self) -> int:
        return len(self.given_names) * len(self.family_names)

    def full_name(self, index: int) -> str:
        """The name at `index` of the given x family pool."""
        given, family = divmod(index, len(self.family_names))
        return f"{self.given_names[given]} {self.family_names[family]}"

    def title(self, post_id: str, rank: str, position: int) -> str:
        pair = self.post_titles.get(post_id) or self.rank_titles[rank]
        return pair.first if position == 0 else pair.others


def _name_list(node: Node) -> tuple[str, ...]:
    names = tuple(item.str().strip() for item in node.list())
    if not names:
        raise node.error("at least one name")
    seen: set[str] = set()
    for item, name in zip(node.list(), names, strict=True):
        if name in seen:
            raise item.error("each name once in the list")
        seen.add(name)
    return names


def _title_pair(node: Node) -> TitlePair:
    if isinstance(node.value, str):
        title = node.str()
        return TitlePair(title, title)
    node.only_keys({"first", "others"})
    return TitlePair(node["first"].str(), node["others"].str())


@cached_table
def names_table() -> NamesTable:
    root = load_table("names")
    root.only_keys({"given_names", "family_names", "rank_titles", "post_titles"})
    rank_node = root["rank_titles"]
    rank_node.only_keys(set(RANKS))
    rank_titles = {rank: _title_pair(rank_node[rank]) for rank in RANKS}
    post_node = root["post_titles"]
    table = crew_table()
    post_ids = {p.id for d in table.departments for p in d.posts}
    post_node.only_keys(post_ids)
    return NamesTable(
        given_names=_name_list(root["given_names"]),
        family_names=_name_list(root["family_names"]),
        rank_titles=rank_titles,
        post_titles={str(k): _title_pair(v) for k, v in post_node.items()},
    )


class CrewMember(msgspec.Struct, frozen=True):
    """One named crew member. `id` is the post id and place in the post: `helm_operators-2`."""

    id: str
    name: str
    rank_title: str
    rank: str
    post_id: str
    post_name: str
    department: str
    department_name: str

    @property
    def titled_name(self) -> str:
        return f"{self.rank_title} {self.name}"

    def to_dict(self) -> dict[str, str]:
        return {
            "id": self.id,
            "name": self.name,
            "rank_title": self.rank_title,
            "rank": self.rank,
            "post_id": self.post_id,
            "post_name": self.post_name,
            "department": self.department,
            "department_name": self.department_name,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CrewMember:
        return cls(**{key: str(data[key]) for key in _MEMBER_KEYS})


_MEMBER_KEYS = (
    "id",
    "name",
    "rank_title",
    "rank",
    "post_id",
    "post_name",
    "department",
    "department_name",
)


class Roster(msgspec.Struct, frozen=True):
    """A ship's named crew in manifest order, and the seed that named them."""

    ship: str
    seed: str
    members: tuple[CrewMember, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship": self.ship,
            "seed": self.seed,
            "members": [m.to_dict() for m in self.members],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Roster:
        return cls(
            ship=str(data["ship"]),
            seed=str(data["seed"]),
            members=tuple(CrewMember.from_dict(m) for m in data["members"]),
        )

    def in_post(self, post_id: str) -> tuple[CrewMember, ...]:
        return tuple(m for m in self.members if m.post_id == post_id)

    def search(self, text: str) -> tuple[CrewMember, ...]:
        """Crew whose name, title, post or department contains `text` (any case)."""
        needle = text.strip().casefold()
        if not needle:
            return self.members
        return tuple(
            m
            for m in self.members
            if needle
            in f"{m.titled_name}\n{m.post_name}\n{m.post_id}\n{m.department_name}".casefold()
        )


def named_roster(manifest: Manifest, seed: str, previous: Roster | None = None) -> Roster:
    """Name every crew member of `manifest`, the same way every time for the same seed.

    The generator is made from `seed` here, not taken from the campaign's dice, because a
    roster must come out the same whenever it is rebuilt from its saved seed.
    """
    names = names_table()
    previous_members = previous.members if previous is not None else ()
    kept_by_post: dict[str, list[str]] = {}
    for member in previous_members:
        kept_by_post.setdefault(member.post_id, []).append(member.name)
    posts = [(d, p) for d in manifest.departments for p in d.posts]
    new_places = sum(max(0, p.count - len(kept_by_post.get(p.id, []))) for _, p in posts)
    # No previous name is handed out again, not even one whose post is gone: a crewman who
    # left the ship does not come back as somebody else.
    avoid = {member.name for member in previous_members}
    fresh = iter(_draw_names(names, new_places, avoid, random.Random(seed)))
    members: list[CrewMember] = []
    for department, post in posts:
        kept = kept_by_post.get(post.id, [])
        for position in range(post.count):
            members.append(
                CrewMember(
                    id=f"{post.id}-{position + 1}",
                    name=kept[position] if position < len(kept) else next(fresh),
                    rank_title=names.title(post.id, post.rank, position),
                    rank=post.rank,
                    post_id=post.id,
                    post_name=post.name,
                    department=department.id,
                    department_name=department.name,
                )
            )
    return Roster(manifest.ship, seed, tuple(members))


def renamed(roster: Roster, member_ids: Iterable[str], seed: str) -> Roster:
    """New hands in the places `member_ids` (the dead and the badly wounded put ashore):
    each gets a new name, never one the roster has, drawn from `seed` like the roster."""
    wanted = set(member_ids)
    changing = [m for m in roster.members if m.id in wanted]
    if not changing:
        return roster
    avoid = {m.name for m in roster.members}
    fresh = iter(_draw_names(names_table(), len(changing), avoid, random.Random(seed)))
    new_names = {m.id: next(fresh) for m in changing}
    members = tuple(
        replace(m, name=new_names[m.id]) if m.id in new_names else m for m in roster.members
    )
    return replace(roster, members=members)


def _draw_names(names: NamesTable, count: int, avoid: set[str], rng: random.Random) -> list[str]:
    """`count` full names not in `avoid` and not repeated, while the pool lasts; then repeats."""
    pool = names.pool_size
    drawn = [
        name
        for name in (
            names.full_name(i) for i in rng.sample(range(pool), min(pool, count + len(avoid)))
        )
        if name not in avoid
    ][:count]
    while len(drawn) < count:  # the pool is used up: repeats cannot be avoided
        drawn.append(names.full_name(rng.randrange(pool)))
    return drawn


# -- output -------------------------------------------------------------------------------

ROSTER_CSV_COLUMNS = (
    "id",
    "rank_title",
    "name",
    "rank",
    "post_id",
    "post",
    "department_id",
    "department",
)


ROSTER_CONDITION_COLUMNS = ("condition", "battle")
ConditionCells = Mapping[str, tuple[str, str]]
"""Member id -> (condition id, the battle that hurt them in words) for the export."""


def _condition_cells(member: CrewMember, conditions: ConditionCells) -> tuple[str, str]:
    return conditions.get(member.id, ("fit", ""))


def roster_csv(roster: Roster, conditions: ConditionCells | None = None) -> str:
    """The roster as CSV; with `conditions`, each member's condition and battle too."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    extra = ROSTER_CONDITION_COLUMNS if conditions is not None else ()
    writer.writerow((*ROSTER_CSV_COLUMNS, *extra))
    for m in roster.members:
        row = [
            m.id,
            m.rank_title,
            m.name,
            m.rank,
            m.post_id,
            m.post_name,
            m.department,
            m.department_name,
        ]
        if conditions is not None:
            row += _condition_cells(m, conditions)
        writer.writerow(row)
    return out.getvalue()


def roster_markdown(roster: Roster, conditions: ConditionCells | None = None) -> str:
    """The roster as Markdown: one table per department, crew in post order (with
    `conditions`, a Condition column: fit, or how and in which battle they were hurt)."""
    lines = [f"# Crew roster: {roster.ship}", ""]
    department = None
    for m in roster.members:
        if m.department != department:
            if department is not None:
                lines.append("")
            department = m.department
            heading = "| Id | Rank | Name | Post |"
            rule = "|---|---|---|---|"
            if conditions is not None:
                heading += " Condition |"
                rule += "---|"
            lines += [f"## {m.department_name}", "", heading, rule]
        line = (
            f"| {m.id} | {m.rank_title} | {markdown_cell(m.name)} | {markdown_cell(m.post_name)} |"
        )
        if conditions is not None:
            condition, battle = _condition_cells(m, conditions)
            said = condition.replace("_", " ")
            if battle:
                said += f" ({markdown_cell(battle)})"
            line += f" {said} |"
        lines.append(line)
    return "\n".join(lines) + "\n"
