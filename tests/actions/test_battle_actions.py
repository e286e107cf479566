"""Battle actions: each one commit, typed results, one refusal, and `next`'s defaults."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import battles as act
from gmtool.actions.battle_next import play_next
from gmtool.store import Campaign, injuries, journal
from gmtool.store import battles as stored
from gmtool.store.battles import steps as battle_steps
from gmtool.store.demo import seed_demo
from gmtool.store.doctor import examine
from gmtool.store.tracker import UNDO_DEPTH


def _battle(c: Campaign, **kwargs: object) -> str:
    return act.new_battle(c, "Ambush", ["meridian"], ["gorgon", "vex"], "long", **kwargs).id


def test_new_battle_from_ids_and_a_spec_file(demo: Campaign, tmp_path: Path) -> None:
    spec = tmp_path / "jackal.yaml"
    spec.write_text("name: Raider Jackal\nclass: light\nhull_points: 40\n")
    state = act.new_battle(demo, "Two ways", ["meridian"], [str(spec)], "close")
    assert [s.id for s in state.ships_of("a")] == ["meridian"]
    assert [s.name for s in state.ships_of("b")] == ["Raider Jackal"]
    assert stored.open_battle_id(demo) == state.id


@pytest.mark.parametrize(
    ("ships", "enemies", "why"),
    [
        ([], ["vex"], "at least one ship on each side"),
        (["meridian"], ["no-such-ship"], "neither a ship of campaign"),
    ],
)
def test_new_battle_refusals_save_nothing(
    demo: Campaign, ships: list[str], enemies: list[str], why: str
) -> None:
    before = sorted(p.name for p in demo.folder.rglob("*.json"))
    with pytest.raises(ActionRefused, match=why):
        act.new_battle(demo, "Bad", ships, enemies, "long")
    assert sorted(p.name for p in demo.folder.rglob("*.json")) == before


def test_a_step_outside_its_phase_is_refused_and_saves_nothing(demo: Campaign) -> None:
    battle = _battle(demo)
    before = stored.load_battle(demo, battle)
    with pytest.raises(ActionRefused, match="declaring a heading"):
        act.do_declare_heading(demo, battle, "a", "close")
    assert stored.load_battle(demo, battle) == before


def test_typed_damage_reports_its_marks_and_injuries(demo: Campaign) -> None:
    battle = _battle(demo)
    done = act.do_apply_damage(demo, battle, "meridian", 6, "wound", "a ram by the Vex")
    assert act.ShipMark("meridian", "wound", 6) in done.marks
    assert done.action == "apply_damage_manually"
    live = {e["id"] for e in injuries.newest_first(demo, include_undone=False)}
    assert set(done.injury_ids) <= live and done.injury_ids
    assert set(done.roll_ids) >= {r for e in done.outcome.injuries for r in e["rolls"]}


def test_a_step_that_fails_half_way_leaves_every_file_as_it_was(
    demo: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    battle = _battle(demo)
    files = {p: p.read_bytes() for p in demo.folder.rglob("*.json") if "backups" not in p.parts}

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    # the injury history is written after the rolls and the party: fail there
    monkeypatch.setattr(battle_steps, "save_state", refuse)
    with pytest.raises(OSError):
        act.do_apply_damage(demo, battle, "meridian", 30, "wound")
    after = {p: p.read_bytes() for p in demo.folder.rglob("*.json") if "backups" not in p.parts}
    assert after == files
    monkeypatch.undo()
    assert examine(demo) == []
    assert not (demo.folder / journal.JOURNAL_NAME).exists()


def test_undo_takes_back_the_step_and_refuses_at_the_set_up(demo: Campaign) -> None:
    battle = _battle(demo)
    done = act.do_apply_damage(demo, battle, "meridian", 6, "wound")
    undone = act.undo(demo, battle)
    assert set(undone.injury_ids) == set(done.injury_ids)
    assert stored.load_battle(demo, battle).ship("meridian").damage.marked["wound"] == 0
    with pytest.raises(ActionRefused, match="only the battle's set-up"):
        act.undo(demo, battle)


def test_a_seeded_battle_rolls_the_same_in_another_campaign(
    tmp_path: Path, open_test_campaign
) -> None:
    texts = []
    for name in ("one", "two"):
        c = open_test_campaign(tmp_path / name, seed=len(name) * 17 + len(texts))
        seed_demo(c)
        battle = _battle(c, seed=99)
        texts.append([play_next(c, battle).result.text for _ in range(6)])
        c.close()
    assert texts[0] == texts[1]


def test_next_plays_whole_rounds_with_the_gm_defaults(demo: Campaign) -> None:
    battle = _battle(demo)
    actions = [play_next(demo, battle).action for _ in range(60)]
    state = stored.load_battle(demo, battle)
    assert state.round >= 2
    assert {"roll_edge", "declare_heading", "resolve_movement", "advance"} <= set(actions)
    headings = [e.text for e in state.events if e.action == "declare_heading"]
    assert headings and all("holding" in t for t in headings)
    # a declared side is not declared again: every declaration is followed by another step
    assert all(a != b or a != "declare_heading" for a, b in itertools.pairwise(actions))
    assert examine(demo) == []


def test_next_fires_at_the_enemy_and_ends_a_finished_battle(demo: Campaign) -> None:
    battle = _battle(demo)
    fired = []
    for _ in range(200):
        done = play_next(demo, battle)
        if done.action == "roll_attack":
            fired.append(done)
        if done.finished:
            break
    assert fired
    for done in fired:
        shooter, target = done.state.events[-1].ships[:2]
        assert done.state.ship(shooter).side != done.state.ship(target).side


def test_doctor_is_clean_after_an_undo_once_the_undo_window_is_full(demo: Campaign) -> None:
    """Past UNDO_DEPTH steps the oldest steps' injury entries leave the undo stack; after an
    undo the stack is one short of full, and those entries must still not count as torn."""
    battle = _battle(demo)
    act.do_apply_damage(demo, battle, "meridian", 30, "wound")  # hazards: injury entries
    for _ in range(UNDO_DEPTH + 2):
        play_next(demo, battle)
    act.undo(demo, battle)
    assert examine(demo) == []


def test_typed_in_damage_keeps_the_gm_note_in_typed_fields(demo: Campaign) -> None:
    from gmtool.tui.tabs.injuries.injury_text import cause_text

    battle = _battle(demo)
    done = act.do_apply_damage(demo, battle, "meridian", 40, "wound", "a ram: by the Vex")
    entries = [e for e in injuries.newest_first(demo) if e["id"] in done.injury_ids]
    assert entries and all(e["typed_in"] and e["note"] == "a ram: by the Vex" for e in entries)
    assert {cause_text(e) for e in entries} == {"a ram: by the Vex"}
    # the words are not read back: an entry that says so in its fields is typed in whatever
    # its cause reads
    assert cause_text({"cause": "anything", "typed_in": True, "note": ""}, long=True).endswith(
        "typed in on the Battle tab"
    )


@pytest.mark.parametrize("amount", [-5, 10**20])
def test_typed_in_damage_out_of_bounds_is_refused(demo: Campaign, amount: int) -> None:
    battle = _battle(demo)
    before = stored.load_battle(demo, battle)
    with pytest.raises(ActionRefused, match="to 100,000"):
        act.do_apply_damage(demo, battle, "meridian", amount, "wound")
    assert stored.load_battle(demo, battle) == before
