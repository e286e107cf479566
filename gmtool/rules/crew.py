"""Crew manifests: every department and post a ship needs, by the crew-requirements rules.

The rules are data: `tables/crew.yaml` lists departments, their existence conditions and each
post's count as a sum of terms ("1 per 40 hull points", "2 per cargo hold", "1 per 5 of these
posts"). This module compiles those terms once into small functions and runs them against a
`ShipSpec`; it knows the term vocabulary, never a ratio.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from gmtool.rules.classes import class_ids
from gmtool.rules.ships import COUNT_KEYS, FLAG_KEYS, ShipSpec, ship_spec_table
from gmtool.rules.tables import Node, cached_table, load_table

RANKS = ("officer", "petty_officer", "enlisted")
SECTIONS = ("basic", "support")
# Quantities a term may count with `of:`; the section totals only once the basic crew is known.
SPEC_QUANTITIES = ("hull_points", *COUNT_KEYS, "class_number")
SECTION_TOTALS = ("basic_crew", "basic_officers")

TERM_SOURCES = frozenset(
    {"constant", "of", "flag", "count_of", "hp_of", "beds_of", "of_posts", "by_class", "max_of"}
)
TERM_KEYS = TERM_SOURCES | {"per", "times", "if", "if_has", "unless_has"}


# -- evaluation context -------------------------------------------------------------------


class _Tally(msgspec.Struct):
    """What terms read while one manifest is worked out: the spec's numbers and posts so far."""

    spec: ShipSpec
    quantities: dict[str, int]
    flags: dict[str, bool]
    posts: dict[str, int]


Formula = Callable[[_Tally], int]


# -- the rule table -----------------------------------------------------------------------


class PostRule(msgspec.Struct, frozen=True):
    id: str
    name: str
    rank: str
    count: Formula


class DepartmentRule(msgspec.Struct, frozen=True):
    id: str
    name: str
    section: str
    exists: Formula | None  # None: always exists; else exists when the formula is above 0
    posts: tuple[PostRule, ...]


class CrewTable(msgspec.Struct, frozen=True):
    departments: tuple[DepartmentRule, ...]


@cached_table
def crew_table() -> CrewTable:
    root = load_table("crew")
    root.only_keys({"departments"})
    known_posts: set[str] = set()
    departments: list[DepartmentRule] = []
    seen_support = False
    for dept_id, node in root["departments"].items():
        node.only_keys({"name", "section", "exists_when", "posts"}, what=str(dept_id))
        section = node["section"].choice(SECTIONS)
        if section == "basic" and seen_support:
            raise node["section"].error("basic departments listed before support departments")
        seen_support = seen_support or section == "support"
        exists_node = node["exists_when"]
        exists: Formula | None = None
        if exists_node.value != "always":
            if not isinstance(exists_node.value, list):
                raise exists_node.error("always, or a list of terms (exists when any is above 0)")
            exists = _max_of([_term(t, known_posts, section) for t in exists_node.list()])
        posts: list[PostRule] = []
        for post_id, post_node in node["posts"].items():
            post_node.only_keys({"name", "rank", "count"}, what=str(post_id))
            if post_id in known_posts:
                raise post_node.error("each post id once in the table", got=post_id)
            posts.append(
                PostRule(
                    id=str(post_id),
                    name=post_node["name"].str(),
                    rank=post_node["rank"].choice(RANKS),
                    count=_formula(post_node["count"], known_posts, section),
                )
            )
            known_posts.add(str(post_id))
        departments.append(
            DepartmentRule(str(dept_id), node["name"].str(), section, exists, tuple(posts))
        )
    return CrewTable(tuple(departments))


def _formula(node: Node, known_posts: set[str], section: str) -> Formula:
    """A post's count: a whole number, one term, or a list of terms added up."""
    value = node.value
    if isinstance(value, int) and not isinstance(value, bool):
        constant = node.int(minimum=0)
        return lambda tally: constant
    if isinstance(value, dict):
        return _term(node, known_posts, section)
    if isinstance(value, list):
        terms = [_term(t, known_posts, section) for t in node.list()]
        return lambda tally: sum(term(tally) for term in terms)
    raise node.error("a whole number, a term such as {per: 40, of: hull_points}, or a list")


def _max_of(terms: list[Formula]) -> Formula:
    return lambda tally: max((term(tally) for term in terms), default=0)


def _term(node: Node, known_posts: set[str], section: str) -> Formula:
    """Compile one term: a source, optionally shaped by per/times and filtered by if, if_has
    and unless_has."""
    if not node.is_mapping():
        raise node.error("a term: a mapping such as {per: 40, of: hull_points}")
    node.only_keys(TERM_KEYS)
    sources = [k for k in node.mapping() if k in TERM_SOURCES]
    if len(sources) != 1:
        raise node.error(f"exactly one of {', '.join(sorted(TERM_SOURCES))}", got=sources)
    source = _source(sources[0], node[sources[0]], known_posts, section)
    if node.has("per") and node.has("times"):
        raise node["times"].error("per or times, not both")
    shaped = source
    if node.has("per"):
        shaped = _per(source, node["per"].int(minimum=1))
    elif node.has("times"):
        shaped = _times(source, node["times"].int(minimum=0))
    if node.has("if"):
        shaped = _if_flag(shaped, node["if"].choice(FLAG_KEYS))
    if node.has("if_has"):
        if not node["if_has"].list():
            raise node["if_has"].error("at least one system type")
        shaped = _if_has(shaped, _system_types(node["if_has"]))
    if node.has("unless_has"):
        if not node["unless_has"].list():
            raise node["unless_has"].error("at least one system type")
        shaped = _unless_has(shaped, _system_types(node["unless_has"]))
    return shaped


def _if_flag(term: Formula, flag: str) -> Formula:
    """The term, or 0 when the spec does not set `flag`."""
    return lambda tally: term(tally) if tally.flags[flag] else 0


def _if_has(term: Formula, types: frozenset[str]) -> Formula:
    """The term, or 0 when the ship carries no system of these types."""
    return lambda tally: term(tally) if tally.spec.count_of(types) else 0


def _unless_has(term: Formula, types: frozenset[str]) -> Formula:
    """The term, or 0 when the ship carries a system of these types ("or": another system
    takes the place of what the term counts)."""
    return lambda tally: 0 if tally.spec.count_of(types) else term(tally)


def _system_types(node: Node) -> frozenset[str]:
    """System types (or groups of them, e.g. weapons) named in a list of the table."""
    table = ship_spec_table()
    names = [item.choice([*table.system_types, *table.system_groups]) for item in node.list()]
    return frozenset(table.resolve_types(names))


def _per(source: Formula, per: int) -> Formula:
    """1 per `per`, rounded up on the total counted (0 stays 0)."""
    return lambda tally: -(-source(tally) // per)


def _times(source: Formula, times: int) -> Formula:
    return lambda tally: times * source(tally)


def _source(kind: str, node: Node, known_posts: set[str], section: str) -> Formula:
    if kind == "constant":
        constant = node.int(minimum=0)
        return lambda tally: constant
    if kind == "of":
        allowed = SPEC_QUANTITIES + (SECTION_TOTALS if section == "support" else ())
        quantity = node.choice(allowed)
        return lambda tally: tally.quantities[quantity]
    if kind == "flag":
        flag = node.choice(FLAG_KEYS)
        return lambda tally: int(tally.flags[flag])
    if kind in ("count_of", "hp_of", "beds_of"):
        types = _system_types(node)
        if kind == "count_of":
            return lambda tally: tally.spec.count_of(types)
        if kind == "hp_of":
            return lambda tally: tally.spec.hp_of(types)
        return lambda tally: tally.spec.beds_of(types)
    if kind == "of_posts":
        posts = [item.choice(sorted(known_posts)) for item in node.list()]
        if not posts:
            raise node.error("at least one post listed earlier in the table")
        return lambda tally: sum(tally.posts[p] for p in posts)
    if kind == "by_class":
        node.only_keys(set(class_ids()))
        by_class = {str(k): v.int(minimum=0) for k, v in node.items()}
        return lambda tally: by_class.get(tally.spec.ship_class, 0)
    # max_of
    return _max_of([_term(t, known_posts, section) for t in node.list()])


# -- the manifest -------------------------------------------------------------------------


class PostCount(msgspec.Struct, frozen=True):
    """One line of a manifest: how many crew a post needs."""

    id: str
    name: str
    rank: str
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "rank": self.rank, "count": self.count}


class DepartmentCrew(msgspec.Struct, frozen=True):
    id: str
    name: str
    section: str
    posts: tuple[PostCount, ...]

    @property
    def total(self) -> int:
        return sum(p.count for p in self.posts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "section": self.section,
            "posts": [p.to_dict() for p in self.posts],
            "total": self.total,
        }


class Manifest(msgspec.Struct, frozen=True):
    """A ship's crew by department and post, with the section totals the rules use."""

    ship: str
    ship_class: str
    departments: tuple[DepartmentCrew, ...]
    basic_crew: int
    basic_officers: int
    support_crew: int
    total_crew: int

    def to_json_dict(self) -> dict[str, Any]:
        """The shape `gmtool crew --json` prints."""
        return {
            "ship": self.ship,
            "class": self.ship_class,
            "departments": [d.to_dict() for d in self.departments],
            "basic_crew": self.basic_crew,
            "basic_officers": self.basic_officers,
            "support_crew": self.support_crew,
            "total_crew": self.total_crew,
        }

    def to_dict(self) -> dict[str, Any]:
        return self.to_json_dict()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Manifest:
        return cls(
            ship=data["ship"],
            ship_class=data["class"],
            departments=tuple(
                DepartmentCrew(
                    id=d["id"],
                    name=d["name"],
                    section=d["section"],
                    posts=tuple(
                        PostCount(p["id"], p["name"], p["rank"], int(p["count"]))
                        for p in d["posts"]
                    ),
                )
                for d in data["departments"]
            ),
            basic_crew=int(data["basic_crew"]),
            basic_officers=int(data["basic_officers"]),
            support_crew=int(data["support_crew"]),
            total_crew=int(data["total_crew"]),
        )

    def department(self, department_id: str) -> DepartmentCrew | None:
        return next((d for d in self.departments if d.id == department_id), None)

    def count(self, post_id: str) -> int:
        """Crew in a post (0 when the post or its department is not aboard)."""
        for department in self.departments:
            for post in department.posts:
                if post.id == post_id:
                    return post.count
        return 0


def post_counts(m: Manifest) -> dict[str, int]:
    """Crew in each post aboard, by post id (what decides whether two manifests differ)."""
    return {p.id: p.count for d in m.departments for p in d.posts}


def crew_manifest(spec: ShipSpec) -> Manifest:
    """Work out every post of `spec`'s crew: the basic section first, then support from it."""
    table = crew_table()
    quantities = {key: getattr(spec, key) for key in ("hull_points", *COUNT_KEYS)}
    quantities["class_number"] = spec.class_number
    tally = _Tally(spec, quantities, {f: getattr(spec, f) for f in FLAG_KEYS}, {})
    departments: list[DepartmentCrew] = []
    totals = {section: 0 for section in SECTIONS}
    basic_officers = 0
    for rule in table.departments:
        if rule.section == "support" and "basic_crew" not in quantities:
            quantities["basic_crew"] = totals["basic"]
            quantities["basic_officers"] = basic_officers
        exists = rule.exists is None or rule.exists(tally) > 0
        posts: list[PostCount] = []
        for post in rule.posts:
            count = post.count(tally) if exists else 0
            tally.posts[post.id] = count
            posts.append(PostCount(post.id, post.name, post.rank, count))
        if not exists:
            continue
        department = DepartmentCrew(rule.id, rule.name, rule.section, tuple(posts))
        departments.append(department)
        totals[rule.section] += department.total
        if rule.section == "basic":
            basic_officers += sum(p.count for p in posts if p.rank == "officer")
    return Manifest(
        ship=spec.name,
        ship_class=spec.ship_class,
        departments=tuple(departments),
        basic_crew=totals["basic"],
        basic_officers=basic_officers,
        support_crew=totals["support"],
        total_crew=totals["basic"] + totals["support"],
    )


# -- output -------------------------------------------------------------------------------


def _rank_label(rank: str) -> str:
    return rank.replace("_", " ")


def _summary(m: Manifest) -> list[tuple[str, int]]:
    return [
        ("Basic crew", m.basic_crew),
        ("Basic officers", m.basic_officers),
        ("Support crew", m.support_crew),
        ("Total crew", m.total_crew),
    ]


def manifest_text(m: Manifest) -> str:
    """A plain-text table for the terminal."""
    posts = [p for d in m.departments for p in d.posts]
    name_width = max([len(p.name) for p in posts] + [len("Basic officers")]) + 2
    count_width = max(len(str(m.total_crew)), 5)
    lines = [f"Crew manifest: {m.ship} ({m.ship_class})", ""]
    for section in SECTIONS:
        lines.append(f"{section.upper()} CREW")
        for department in (d for d in m.departments if d.section == section):
            lines.append(f"  {department.name}")
            for post in department.posts:
                lines.append(
                    f"    {post.name:<{name_width}}{_rank_label(post.rank):<15}"
                    f"{post.count:>{count_width}}"
                )
            lines.append(f"    {'Total':<{name_width}}{'':<15}{department.total:>{count_width}}")
        lines.append("")
    for label, value in _summary(m):
        lines.append(f"{label:<{name_width + 19}}{value:>{count_width}}")
    return "\n".join(lines) + "\n"


def manifest_markdown(m: Manifest) -> str:
    """The manifest as Markdown: one table per department, then the totals."""
    lines = [f"# Crew manifest: {m.ship}", "", f"Class: {m.ship_class}", ""]
    for section in SECTIONS:
        lines += [f"## {section.capitalize()} crew", ""]
        for department in (d for d in m.departments if d.section == section):
            lines += [f"### {department.name}", "", "| Post | Rank | Count |", "|---|---|---:|"]
            lines += [
                f"| {markdown_cell(p.name)} | {_rank_label(p.rank)} | {p.count} |"
                for p in department.posts
            ]
            lines += [f"| **Total** | | **{department.total}** |", ""]
    lines += ["## Totals", "", "| | Count |", "|---|---:|"]
    lines += [f"| {label} | {value} |" for label, value in _summary(m)]
    return "\n".join(lines) + "\n"


def markdown_cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|")


MANIFEST_CSV_COLUMNS = (
    "section",
    "department_id",
    "department",
    "post_id",
    "post",
    "rank",
    "count",
)


def manifest_csv(m: Manifest) -> str:
    """One row per post (totals are sums of the count column)."""
    out = io.StringIO()
    import csv  # only for an export: not at every start

    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(MANIFEST_CSV_COLUMNS)
    for d in m.departments:
        for p in d.posts:
            writer.writerow([d.section, d.id, d.name, p.id, p.name, p.rank, p.count])
    return out.getvalue()
