"""Named rosters: deterministic names, titles, keeping names across regeneration."""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.rules import roster as roster_module
from gmtool.rules.crew import Manifest, crew_manifest
from gmtool.rules.roster import (
    NamesTable,
    Roster,
    TitlePair,
    named_roster,
    names_table,
    roster_csv,
    roster_markdown,
)
from gmtool.rules.ships import ShipSpec, ship_spec_from_dict


def make(systems: list[dict[str, Any]] | None = None, **fields: Any) -> ShipSpec:
    data: dict[str, Any] = {"name": "CSS Roster", "class": "light", "hull_points": 200}
    data.update(fields)
    data["systems"] = systems or [{"type": "beam", "count": 2, "hp": 6}]
    return ship_spec_from_dict(data)


def manifest(**fields: Any) -> Manifest:
    return crew_manifest(make(**fields))


def big_manifest() -> Manifest:
    """A super-heavy ship of about 5,000 crew."""
    return crew_manifest(
        make(
            [{"type": "beam", "count": 40, "hp": 40}, {"type": "lab_section", "count": 10}],
            **{"class": "super-heavy", "hull_points": 60_000},
            marines=300,
            embarked_craft=40,
        )
    )


def test_names_table_is_a_few_hundred_unique_names() -> None:
    names = names_table()
    assert len(names.given_names) + len(names.family_names) >= 300
    assert len(set(names.given_names)) == len(names.given_names)
    assert len(set(names.family_names)) == len(names.family_names)
    assert names.pool_size >= 20_000


def test_every_post_gets_its_count_of_named_crew() -> None:
    m = manifest(marines=5, flagship=True)
    r = named_roster(m, seed="s1")
    assert len(r.members) == m.total_crew
    per_post = Counter(member.post_id for member in r.members)
    expected = {p.id: p.count for d in m.departments for p in d.posts if p.count}
    assert per_post == expected
    assert len({member.id for member in r.members}) == len(r.members)
    helm = r.in_post("helm_operators")
    assert [h.id for h in helm] == ["helm_operators-1", "helm_operators-2", "helm_operators-3"]
    assert all(h.department == "navigation" and h.department_name == "Navigation" for h in helm)
    assert all(h.rank == "enlisted" and h.post_name == "Helm operators" for h in helm)


def test_same_seed_same_roster_other_seed_other_names() -> None:
    m = manifest()
    assert named_roster(m, seed="alpha") == named_roster(m, seed="alpha")
    a = [x.name for x in named_roster(m, seed="alpha").members]
    b = [x.name for x in named_roster(m, seed="beta").members]
    assert a != b


def test_no_duplicate_full_names_on_a_5000_crew_ship() -> None:
    m = big_manifest()
    assert m.total_crew >= 5000
    r = named_roster(m, seed="big")
    names = [x.name for x in r.members]
    assert len(names) == m.total_crew
    assert len(set(names)) == len(names)


def test_rank_titles() -> None:
    r = named_roster(manifest(marines=9, flagship=True), seed="titles")

    def titles(post_id: str) -> list[str]:
        return [m.rank_title for m in r.in_post(post_id)]

    assert titles("captain") == ["Capt."]
    assert titles("admiral") == ["Adm."]
    assert titles("executive_officer") == ["Cmdr."]
    assert titles("navigator") == ["Lt."]  # an officer of one: the officer's first title
    assert titles("quartermasters") == ["Spc."] * 4  # light: 2 + class number 2
    assert titles("navigation_petty_officers") == ["CPO", "PO"]
    assert titles("marines") == ["Cpl."] + ["Pvt."] * 8
    assert titles("sergeants") == ["Gy. Sgt.", "Sgt.", "Sgt."]
    captain = r.in_post("captain")[0]
    assert captain.titled_name == f"Capt. {captain.name}"
    assert captain.rank == "officer"


def test_previous_roster_keeps_names_of_posts_that_remain() -> None:
    before_manifest = manifest()
    before = named_roster(before_manifest, seed="one")
    # More guns: gunners grow, the rest of the ship stays.
    after_manifest = crew_manifest(make([{"type": "beam", "count": 4, "hp": 6}]))
    after = named_roster(after_manifest, seed="two", previous=before)
    old = {m.id: m.name for m in before.members}
    new = {m.id: m.name for m in after.members}
    kept = [i for i in old if i in new]
    assert kept and all(new[i] == old[i] for i in kept)
    grown = [i for i in new if i not in old]
    assert grown  # the new gunners and their petty officers
    assert not {new[i] for i in grown} & set(old.values())
    assert len(set(new.values())) == len(new)


def test_a_shrinking_post_keeps_its_first_holders() -> None:
    before = named_roster(manifest(marines=12), seed="m")
    after = named_roster(manifest(marines=5), seed="m", previous=before)
    old_marines = [m.name for m in before.in_post("marines")]
    assert [m.name for m in after.in_post("marines")] == old_marines[:5]
    assert [m.rank_title for m in after.in_post("marines")] == ["Cpl."] + ["Pvt."] * 4


def test_a_department_that_goes_away_takes_its_names_along() -> None:
    before = named_roster(manifest(marines=12), seed="m")
    after = named_roster(manifest(), seed="m", previous=before)
    assert not after.in_post("troop_commander")
    gone = {m.name for m in before.members if m.department == "troops"}
    assert not gone & {m.name for m in after.members}


def test_an_unchanged_ship_keeps_every_name_whatever_the_seed() -> None:
    m = manifest()
    first = named_roster(m, seed="keep")
    assert named_roster(m, seed="keep", previous=first) == first
    assert named_roster(m, seed="other", previous=first).members == first.members


def test_round_trip_through_dict() -> None:
    r = named_roster(manifest(marines=3), seed="rt")
    assert Roster.from_dict(r.to_dict()) == r
    assert r.to_dict()["members"][0] == {
        "id": r.members[0].id,
        "name": r.members[0].name,
        "rank_title": r.members[0].rank_title,
        "rank": r.members[0].rank,
        "post_id": r.members[0].post_id,
        "post_name": r.members[0].post_name,
        "department": r.members[0].department,
        "department_name": r.members[0].department_name,
    }


def test_search_by_name_post_and_department() -> None:
    r = named_roster(manifest(), seed="find")
    captain = r.in_post("captain")[0]
    assert captain in r.search(captain.name.split()[-1].upper())
    assert r.search("helm") == r.in_post("helm_operators")
    assert set(r.search("navigation")) == {m for m in r.members if m.department == "navigation"}
    assert r.search("  ") == r.members
    assert r.search("no such crewman anywhere") == ()


def test_small_name_pool_allows_repeats_only_once_used_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = names_table()
    tiny = NamesTable(("Ann", "Bo"), ("Ek", "Ma", "Ro"), real.rank_titles, real.post_titles)
    monkeypatch.setattr(roster_module, "names_table", lambda: tiny)
    few = named_roster(crew_manifest(make(None, **{"class": "small", "hull_points": 1})), "x")
    assert len(few.members) > 6
    names = [m.name for m in few.members]
    assert set(names) == {f"{g} {f}" for g in ("Ann", "Bo") for f in ("Ek", "Ma", "Ro")}
    assert len(set(names[:6])) == 6  # every name is used once before any repeats


def test_markdown_and_csv_exports() -> None:
    r = named_roster(manifest(), seed="out")
    md = roster_markdown(r)
    assert md.startswith("# Crew roster: CSS Roster\n")
    assert "## Navigation" in md
    captain = r.in_post("captain")[0]
    assert f"| captain-1 | Capt. | {captain.name} | Captain |" in md
    rows = list(csv.reader(io.StringIO(roster_csv(r))))
    assert rows[0] == [
        "id",
        "rank_title",
        "name",
        "rank",
        "post_id",
        "post",
        "department_id",
        "department",
    ]
    assert len(rows) == 1 + len(r.members)
    assert [
        "captain-1",
        "Capt.",
        captain.name,
        "officer",
        "captain",
        "Captain",
        "command",
        "Command",
    ] in rows


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 3000),
    st.integers(0, 60),
    st.integers(1, 3000),
    st.integers(0, 60),
    st.text(max_size=8),
)
def test_regenerating_keeps_every_surviving_place(
    hull_a: int, marines_a: int, hull_b: int, marines_b: int, seed: str
) -> None:
    a = crew_manifest(make(hull_points=hull_a, marines=marines_a))
    b = crew_manifest(make(hull_points=hull_b, marines=marines_b))
    first = named_roster(a, seed)
    second = named_roster(b, seed + "!", previous=first)
    old = {m.id: m.name for m in first.members}
    assert len(second.members) == b.total_crew
    for member in second.members:
        if member.id in old:
            assert member.name == old[member.id]
        else:
            assert member.name not in old.values()
    assert len({m.name for m in second.members}) == len(second.members)


def test_title_pair_first_and_others() -> None:
    assert names_table().title("deck_officers", "officer", 0) == "Lt."
    assert names_table().title("deck_officers", "officer", 1) == "Ens."
    assert names_table().post_titles["troop_officers"] == TitlePair("Capt.", "Lt.")
