"""Party actions: characters, stations, tasks and party files, without a screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import party as act
from gmtool.rules.characters import Character, character_from_dict
from gmtool.rules.stations import assignment_of
from gmtool.store import Campaign, journal
from gmtool.store.errors import StoreError
from gmtool.store.party import load_party_state
from gmtool.store.ships import get_ship

PARTY_FILE = Path("trackers") / "party.json"


def _npc(name: str, character_id: str = "new") -> Character:
    abilities = dict.fromkeys(
        ("strength", "dexterity", "constitution", "intelligence", "will", "personality"), 10
    )
    return character_from_dict(
        {"id": character_id, "name": name, "kind": "npc", "abilities": abilities}
    )


def _saved(c: Campaign) -> bytes:
    return (c.folder / PARTY_FILE).read_bytes()


def test_add_edit_delete_a_character_and_undo(demo: Campaign) -> None:
    new = _npc("Mara Voss")
    added = act.add_character(demo, new)
    assert added.character.id == "mara-voss" and added.character.name == "Mara Voss"
    assert assignment_of(added.party.assignments, "mara-voss") is None  # joins unassigned
    with pytest.raises(act.DuplicateName):  # a second Mara Voss: refused, nothing saved
        act.add_character(demo, new)

    edited = act.edit_character(demo, _npc("Mara V", "mara-voss"))
    assert edited.party.character("mara-voss").name == "Mara V"
    gone = act.delete_character(demo, "dorran-vek")
    assert (gone.character_id, gone.name) == ("dorran-vek", "Lieutenant Dorran Vek")
    assert "dorran-vek" not in gone.party.ids
    assert assignment_of(gone.party.assignments, "dorran-vek") is None
    assert act.undo(demo).label == "delete Lieutenant Dorran Vek"
    assert "dorran-vek" in load_party_state(demo).ids


def test_station_changes_say_who_went_where(demo: Campaign) -> None:
    moved = act.move_to_station(demo, "priya-salo", "meridian", "sensors")
    assert (moved.before and moved.before.place, moved.after and moved.after.place) == (
        "sickbay",
        "sensors",
    )
    assert moved.label == "move Doctor Priya Salo to Sensors (CSS Meridian)"
    posture = act.set_station_posture(demo, "priya-salo", "secure")
    assert posture.after is not None and posture.after.posture == "secure"
    left = act.leave_station(demo, "priya-salo")
    assert left.after is None and left.label == "unassign Doctor Priya Salo"
    placed = act.assign_station(demo, "priya-salo", "kestrel", "sickbay")
    assert placed.after is not None and (placed.after.ship_id, placed.after.posture) == (
        "kestrel",
        "vulnerable",  # the place's usual posture
    )
    kestrel = get_ship(demo, "kestrel").name
    assert act.undo(demo).label == f"assign Doctor Priya Salo to In sickbay ({kestrel})"


@pytest.mark.parametrize(
    ("call", "why"),
    [
        (lambda c: act.assign_station(c, "nobody", "meridian", "bridge"), "no character 'nobody'"),
        (lambda c: act.assign_station(c, "dorran-vek", "meridian", "sensors"), "already at Bridge"),
        (lambda c: act.move_to_station(c, "dorran-vek", "nowhere", "bridge"), "no ship 'nowhere'"),
        (lambda c: act.move_to_station(c, "dorran-vek", "meridian", "galley"), "galley"),
        (lambda c: act.set_station_posture(c, "dorran-vek", "asleep"), "unknown posture"),
        (lambda c: act.set_task(c, "jory-fenn", "leading"), "Jory Fenn is at no station"),
        (lambda c: act.set_task(c, "dorran-vek", "juggling"), "unknown task"),
        (lambda c: act.delete_character(c, "nobody"), "no character 'nobody'"),
    ],
)
def test_refusals_name_people_and_save_nothing(
    demo: Campaign, call: Callable[[Campaign], object], why: str
) -> None:
    before = _saved(demo)
    with pytest.raises(ActionRefused, match=why) as refused:
        call(demo)
    assert "dorran-vek" not in str(refused.value) and "meridian" not in str(refused.value)
    assert _saved(demo) == before


def test_undo_with_nothing_left_is_refused(campaign: Campaign) -> None:
    with pytest.raises(ActionRefused, match="nothing to undo"):
        act.undo(campaign)
    act.add_character(campaign, _npc("Ada"))
    with pytest.raises(ActionRefused, match="Ada has no station to leave"):
        act.leave_station(campaign, "ada")


def test_a_task_the_board_would_not_give_is_refused_with_typed_fields(demo: Campaign) -> None:
    act.move_to_station(demo, "priya-salo", "meridian", "command")
    before = _saved(demo)
    with pytest.raises(act.TaskRefused) as refused:
        act.set_task(demo, "priya-salo", "leading", "sensors")
    why = refused.value.refusal
    assert (why.kind, why.character_id, why.station_id, why.skills) == (
        "no_lead_skill",
        "priya-salo",
        "sensors",
        ("leadership-command",),
    )
    assert str(refused.value) == (
        "Doctor Priya Salo cannot lead the Sensors team: no Leadership—command skill."
    )
    act.move_to_station(demo, "dorran-vek", "meridian", "command")
    with pytest.raises(act.TaskRefused) as taken:
        act.set_task(demo, "dorran-vek", "hands_on")
    assert (taken.value.refusal.kind, taken.value.refusal.by) == ("roll_taken", "ines-calloway")
    assert _saved(demo) != before  # the moves were saved, the refused tasks not
    party = load_party_state(demo)
    assert assignment_of(party.assignments, "dorran-vek").task == "auto"  # type: ignore[union-attr]


def test_a_task_the_board_gives_is_saved(demo: Campaign) -> None:
    done = act.set_task(demo, "ines-calloway", "leading")
    assert done.after is not None and done.after.task == "leading"
    assert done.label == "Captain Ines Calloway leading the Command team"


def test_export_and_import_a_party_file(demo: Campaign, tmp_path: Path) -> None:
    target = tmp_path / "party.yaml"
    done = act.export_party(demo, target)
    assert (done.path, done.characters, done.assignments) == (target, 8, 8)
    with pytest.raises(ActionRefused, match="already exists"):
        act.export_party(demo, target)
    act.delete_character(demo, "jory-fenn")
    imported = act.import_party(demo, target)
    assert imported.added == ("Jory Fenn",) and len(imported.replaced) == 7
    assert "jory-fenn" in load_party_state(demo).ids


def test_export_is_atomic_and_refuses_bad_paths(
    demo: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "party.yaml"
    target.write_text("the old party")

    def cut_short(tmp: Path, data: bytes) -> None:
        tmp.write_bytes(data[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal, "write_temporary", cut_short)
    with pytest.raises(StoreError, match="No space left"):
        act.export_party(demo, target, overwrite=True)
    assert target.read_text() == "the old party"
    monkeypatch.undo()
    with pytest.raises(ActionRefused, match="does not exist"):
        act.export_party(demo, tmp_path / "no" / "party.yaml")
    with pytest.raises(ActionRefused, match="is a folder"):
        act.export_party(demo, tmp_path)


def test_a_bad_party_file_is_refused_and_changes_nothing(demo: Campaign, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("characters:\n  - {id: a, name: Ada}\nassignments:\n  - {character: a}\n")
    before = _saved(demo)
    with pytest.raises(ActionRefused, match=r"bad\.yaml"):
        act.import_party(demo, bad)
    assert _saved(demo) == before


def test_a_second_character_of_one_name_is_refused(demo: Campaign, tmp_path: Path) -> None:
    """Add, edit and import refuse a name the party has (case and spacing do not count),
    with one message naming it, and save nothing."""
    before = _saved(demo)
    with pytest.raises(act.DuplicateName, match="already a character named") as refused:
        act.add_character(demo, _npc("  captain   INES calloway "))
    assert refused.value.taken_by == "Captain Ines Calloway"
    assert _saved(demo) == before
    with pytest.raises(act.DuplicateName, match="Jory Fenn"):
        act.edit_character(demo, _npc("jory fenn", "dorran-vek"))
    assert _saved(demo) == before
    # a character keeps their own name when edited
    assert act.edit_character(demo, _npc("Jory  Fenn", "jory-fenn")).character.name == "Jory  Fenn"

    twins = tmp_path / "twins.yaml"
    twins.write_text(
        "characters:\n"
        "  - {id: a, name: Ada Wren, kind: npc, abilities: {constitution: 9, personality: 9}}\n"
        "  - {id: b, name: ada wren, kind: npc, abilities: {constitution: 9, personality: 9}}\n"
    )
    saved = _saved(demo)
    with pytest.raises(act.DuplicateName, match=r"twins\.yaml: there is already a character"):
        act.import_party(demo, twins)
    assert _saved(demo) == saved
    # the same character again (same id) replaces them: no duplicate
    target = tmp_path / "party.yaml"
    act.export_party(demo, target)
    assert len(act.import_party(demo, target).replaced) == 8


def test_redo_does_again_what_undo_took_back(demo: Campaign) -> None:
    act.set_station_posture(demo, "priya-salo", "secure")
    with pytest.raises(ActionRefused, match="nothing to redo"):
        act.redo(demo)
    assert act.undo(demo).label == "Doctor Priya Salo secure"
    assert act.undo_state(demo).redo == "Doctor Priya Salo secure"
    assert act.redo(demo).label == "Doctor Priya Salo secure"
    assert assignment_of(load_party_state(demo).assignments, "priya-salo").posture == "secure"
    assert act.undo_state(demo) == act.UndoState("Doctor Priya Salo secure", None)
