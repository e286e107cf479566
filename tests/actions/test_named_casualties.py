"""Named casualties through the actions: a battle's crew losses fall on the named crew aboard
(adding up to the figures, seeded, logged, weighted under "characters on station", capped at
the people aboard, undone with the ending), the report names them, new crew and repairs."""

from __future__ import annotations

import random
from pathlib import Path

from gmtool.actions import battles as act
from gmtool.actions import ship_condition as cond
from gmtool.actions import ships as ship_act
from gmtool.actions.battle_report import report_text
from gmtool.rules import crew_casualties as cc
from gmtool.rules.crew import crew_manifest
from gmtool.rules.tables import tables_dir
from gmtool.store import Campaign, open_campaign
from gmtool.store import battles as stored
from gmtool.store.crew_casualties import battle_casualties
from gmtool.store.demo import seed_demo
from gmtool.store.ships import get_ship, ship_crew


def _fight(c: Campaign, name: str, damage: list[tuple[int, str]]) -> tuple[str, dict[str, int]]:
    """The Meridian takes `damage` (typed in); the battle ends. Its crew-loss figures."""
    battle = act.new_battle(c, name, ["meridian"], ["vex"], "long").id
    for amount, track in damage:
        act.do_apply_damage(c, battle, "meridian", amount, track, "test hit")
    losses = stored.load_battle(c, battle).ship("meridian").crew_losses
    act.do_end_battle(c, battle)
    return battle, losses


def _hurt(c: Campaign, ship_id: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {k: [] for k in cc.HURT}
    for casualty in get_ship(c, ship_id).condition.casualties:
        found[casualty.condition].append(casualty.name)
    return found


def test_the_draw_adds_up_to_the_crew_loss_figures_and_names_the_crew_aboard(
    demo: Campaign,
) -> None:
    battle, losses = _fight(demo, "First", [(8, "wound"), (3, "mortal")])
    hurt = _hurt(demo, "meridian")
    assert {k: len(v) for k, v in hurt.items()} == {k: losses[k] for k in cc.HURT}
    assert sum(len(v) for v in hurt.values()) == losses["total"] > 0
    names = {m.name for m in ship_crew(demo, "meridian").roster.members}
    drawn = [n for v in hurt.values() for n in v]
    assert set(drawn) <= names and len(set(drawn)) == len(drawn)  # each person once
    view = cond.show(demo, "meridian")
    assert (view.dead, view.badly_wounded) == (losses["dead"], losses["badly_wounded"])
    # the battle keeps the names for its report
    (kept,) = [s for s in battle_casualties(demo, battle) if s.ship_id == "meridian"]
    assert sorted(m.name for m in kept.members) == sorted(drawn)


def test_the_draw_is_logged_with_its_purpose(demo: Campaign) -> None:
    _battle, losses = _fight(demo, "First", [(8, "wound"), (3, "mortal")])
    rolls = [r for r in demo.roll_log() if "drawn from the named crew" in r["for"]]
    mine = [r for r in rolls if "Meridian" in r["for"]]
    assert sorted(len(r["dice"]) for r in mine) == sorted(n for k in cc.HURT if (n := losses[k]))
    assert all(r["source"] == "battle" and not r.get("undone") for r in mine)
    # logged as draws: who each pick fell on, the total how many (never the picks summed)
    assert all(r["kind"] == "draw" and r["total"] == len(r["dice"]) for r in mine)
    assert all(len(r["drawn"]) == len(r["dice"]) for r in mine)
    hurt = [c.name for c in get_ship(demo, "meridian").condition.casualties]
    assert all(any(d.endswith(n) for n in hurt) for r in mine for d in r["drawn"])  # rank, name


def test_the_draw_is_seeded_by_the_campaign(tmp_path: Path) -> None:
    drawn = []
    for name in ("a", "b"):
        c = open_campaign(tmp_path / name, seed=7)
        seed_demo(c)
        _fight(c, "First", [(8, "wound"), (3, "mortal")])
        drawn.append(_hurt(c, "meridian"))
        c.close()
    assert drawn[0] == drawn[1]
    other = open_campaign(tmp_path / "c", seed=8)
    seed_demo(other)
    _fight(other, "First", [(8, "wound"), (3, "mortal")])
    assert _hurt(other, "meridian") != drawn[0]


def test_undoing_the_end_takes_the_draw_back(demo: Campaign) -> None:
    battle, _ = _fight(demo, "First", [(8, "wound")])
    ids = [r["id"] for r in demo.roll_log() if "drawn from the named crew" in r["for"]]
    assert ids and get_ship(demo, "meridian").condition.casualties
    act.undo(demo, battle)
    assert get_ship(demo, "meridian").condition.casualties == ()
    assert battle_casualties(demo, battle) == ()
    undone = {r["id"]: r.get("undone") for r in demo.roll_log()}
    assert all(undone[i] for i in ids)


def test_a_second_battle_draws_only_from_those_still_aboard(demo: Campaign) -> None:
    _fight(demo, "First", [(10, "wound"), (4, "mortal")])
    first = _hurt(demo, "meridian")
    gone = set(first["dead"]) | set(first["badly_wounded"])
    _fight(demo, "Second", [(10, "wound"), (4, "mortal")])
    second = get_ship(demo, "meridian").condition.casualties
    by_battle = [c for c in second if c.battle != "first"]
    assert by_battle and not {c.name for c in by_battle} & gone


def test_crew_losses_never_exceed_the_people_aboard(demo: Campaign) -> None:
    """A wreck's losses, ship after ship, never name more than the named crew aboard."""
    complement = crew_manifest(get_ship(demo, "meridian").spec).total_crew
    points = get_ship(demo, "meridian").spec.durability.to_dict()
    _fight(demo, "First", [(points["critical"], "critical")])
    view = cond.show(demo, "meridian")
    casualties = get_ship(demo, "meridian").condition.casualties
    assert view.dead + view.badly_wounded <= complement
    assert len(casualties) <= complement
    assert view.dead == sum(1 for c in casualties if c.condition == "dead")


def test_the_draw_is_capped_at_the_crew_aboard() -> None:
    roster = _roster()
    rng = random.Random(1)
    draw = cc.draw_casualties(
        roster[:5], {"dead": 3, "badly_wounded": 4, "lightly_wounded": 2}, {}, rng
    )
    assert draw.counts() == {"dead": 3, "badly_wounded": 2, "lightly_wounded": 0}
    assert len({p.member.id for p in draw.picks}) == 5


def test_under_characters_on_station_the_crew_at_the_place_struck_fall_first() -> None:
    roster = _roster()
    engineers = [m for m in roster if cc.place_of(m) == "engineering"]
    assert engineers and len(engineers) < len(roster) / 2
    share = {True: 0, False: 0}
    for seed in range(200):
        draw = cc.draw_casualties(roster, {"dead": 1}, {"engineering": 3}, random.Random(seed))
        (pick,) = draw.picks
        share[cc.place_of(pick.member) == "engineering"] += 1
        weight = 1 + cc.casualty_rules().struck_place_weight * 3
        total = len(roster) - len(engineers) + weight * len(engineers)
        assert pick.sides == total  # the die is the weight left
    unweighted = len(engineers) / len(roster)
    assert share[True] / 200 > 2 * unweighted


def _roster() -> tuple[cc.CrewMember, ...]:
    from gmtool.rules.roster import named_roster
    from gmtool.rules.ships import load_ship_spec

    spec = load_ship_spec(tables_dir().parent / "campaigns" / "demo" / "ships" / "meridian.yaml")
    return named_roster(crew_manifest(spec), "seed").members


def test_the_report_names_the_casualties(demo: Campaign) -> None:
    battle, _ = _fight(demo, "First", [(8, "wound"), (3, "mortal")])
    text = report_text(demo, battle)
    for condition, names in _hurt(demo, "meridian").items():
        label = condition.replace("_", " ").capitalize()
        line = next(ln for ln in text.splitlines() if ln.strip().startswith(f"- {label}:"))
        assert all(n in line for n in names)


def test_new_crew_renames_the_dead_and_badly_wounded_and_keeps_the_lightly_wounded(
    demo: Campaign,
) -> None:
    _fight(demo, "First", [(10, "wound"), (4, "mortal")])
    hurt = _hurt(demo, "meridian")
    before = {m.id: m.name for m in ship_crew(demo, "meridian").roster.members}
    changed = cond.replace_crew(demo, "meridian")
    assert changed.new_hands == len(hurt["dead"]) + len(hurt["badly_wounded"])
    after = {m.id: m.name for m in ship_crew(demo, "meridian").roster.members}
    renamed = {i for i in before if before[i] != after[i]}
    assert len(renamed) == changed.new_hands
    assert not set(after.values()) & (set(hurt["dead"]) | set(hurt["badly_wounded"]))
    assert _hurt(demo, "meridian") == {
        "dead": [],
        "badly_wounded": [],
        "lightly_wounded": hurt["lightly_wounded"],
    }
    ship_act.undo(demo)
    assert {m.id: m.name for m in ship_crew(demo, "meridian").roster.members} == before
    assert _hurt(demo, "meridian") == hurt


def test_repair_days_heal_the_wounded(demo: Campaign) -> None:
    _fight(demo, "First", [(10, "wound"), (4, "mortal")])
    hurt = _hurt(demo, "meridian")
    badly = cond.show(demo, "meridian").badly_wounded
    days = cc.casualty_rules().recovery_days
    cond.repair(demo, "meridian", days["lightly_wounded"], "port")
    assert _hurt(demo, "meridian")["lightly_wounded"] == []
    assert _hurt(demo, "meridian")["badly_wounded"] == hurt["badly_wounded"]
    changed = cond.repair(demo, "meridian", days["badly_wounded"], "port")
    assert _hurt(demo, "meridian") == {
        "dead": hurt["dead"],
        "badly_wounded": [],
        "lightly_wounded": [],
    }
    assert changed.view.badly_wounded == 0 and changed.event.crew == badly
