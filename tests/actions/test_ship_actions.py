"""Ship actions: each saves the ship and its crew as one commit, or nothing at all."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import ships as act
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.store import Campaign, journal
from gmtool.store import ships as ship_store
from gmtool.store.demo import demo_data_dir, seed_demo
from gmtool.store.errors import StoreError
from gmtool.store.ships import changes as ship_changes

GORGON = demo_data_dir() / "enemies" / "gorgon.yaml"


def _files(c: Campaign) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in c.folder.rglob("*.json") if "backups" not in p.parts}


def test_add_edit_regenerate_delete_and_undo(campaign: Campaign) -> None:
    spec = load_ship_spec(GORGON)
    added = act.add_ship(campaign, spec, "enemy")
    assert (added.ship_id, added.name, added.side) == ("raider-gorgon", "Raider Gorgon", "enemy")
    assert added.total_crew == added.crew.manifest.total_crew > 0
    assert (added.kept_names, added.new_names) == (0, len(added.crew.roster.members))

    bigger = ShipSpec.from_dict(dict(spec.to_dict(), hull_points=120))
    edited = act.edit_ship(campaign, added.ship_id, bigger)
    assert edited.kept_names + edited.new_names == len(edited.crew.roster.members)
    assert edited.kept_names > 0  # the posts did not change: the crew keep their names
    assert ship_store.get_ship(campaign, added.ship_id).spec.hull_points == 120

    named = act.regenerate_crew(campaign, added.ship_id)
    assert (named.kept_names, named.new_names) == (0, len(named.crew.roster.members))
    assert named.crew.roster != edited.crew.roster
    assert ship_store.get_ship(campaign, added.ship_id).regenerations == 1

    gone = act.delete_ship(campaign, added.ship_id)
    assert (gone.ship_id, gone.name) == (added.ship_id, "Raider Gorgon")
    assert ship_store.list_ships(campaign) == []
    assert act.undo(campaign).label == "delete Raider Gorgon"
    assert [r.id for r in ship_store.list_ships(campaign)] == [added.ship_id]


def test_import_takes_its_id_from_the_file(campaign: Campaign) -> None:
    imported = act.import_ship(campaign, GORGON, "enemy")
    assert imported.ship_id == "gorgon" and imported.side == "enemy"


@pytest.mark.parametrize(
    ("call", "why"),
    [
        (lambda c, tmp: act.import_ship(c, tmp / "none.yaml"), "none.yaml"),
        (lambda c, tmp: act.import_ship(c, GORGON, "pirates"), "side is one of"),
        (lambda c, tmp: act.delete_ship(c, "no-such"), "no ship with the id 'no-such'"),
        (lambda c, tmp: act.regenerate_crew(c, "no-such"), "no-such"),
        (lambda c, tmp: act.undo(c), "nothing to undo"),
    ],
)
def test_refusals_save_nothing(
    campaign: Campaign,
    tmp_path: Path,
    call: Callable[[Campaign, Path], object],
    why: str,
) -> None:
    before = _files(campaign)
    with pytest.raises(ActionRefused, match=why):
        call(campaign, tmp_path)
    assert _files(campaign) == before


def test_a_bad_spec_file_is_one_refusal_naming_file_and_key(
    campaign: Campaign, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Broken\nclass: light\nhull_points: lots\n")
    with pytest.raises(ActionRefused, match=r"bad\.yaml.*hull_points"):
        act.import_ship(campaign, bad)
    assert ship_store.list_ships(campaign) == []


def test_a_ship_and_its_crew_are_saved_all_or_nothing(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed_demo(campaign)
    before = _files(campaign)

    def full_disk(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    # the roster is staged first, then the list of ships: fail at the list
    monkeypatch.setattr(ship_changes, "write_state", full_disk)
    # the demo has a Raider Gorgon already: a second one needs a name of its own
    second = ShipSpec.from_dict(dict(load_ship_spec(GORGON).to_dict(), name="Raider Gorgon II"))
    with pytest.raises(OSError):
        act.add_ship(campaign, second)
    with pytest.raises(OSError):
        act.regenerate_crew(campaign, "meridian")
    assert _files(campaign) == before
    assert not (campaign.folder / "rosters" / "raider-gorgon-ii.json").exists()
    assert not (campaign.folder / journal.JOURNAL_NAME).exists()
    monkeypatch.undo()
    assert act.regenerate_crew(campaign, "meridian").ship_id == "meridian"


@pytest.mark.parametrize(("what", "fmt"), [("manifest", "markdown"), ("roster", "csv")])
def test_export_writes_the_crew_list(
    campaign: Campaign, tmp_path: Path, what: str, fmt: str
) -> None:
    seed_demo(campaign)
    target = tmp_path / "out" / f"list.{fmt}"
    target.parent.mkdir()
    target.write_text("an older export")
    done = act.export_crew(campaign, "gorgon", what, fmt, target)
    crew = ship_store.ship_crew(campaign, "gorgon")
    standing = act.standings_of(campaign, crew)
    assert target.read_text() == act.export_text(crew, done.what, done.format, standing)
    if what == "roster":  # the roster carries each member's condition and battle
        assert target.read_text().splitlines()[0].endswith(",condition,battle")
    assert (done.ship_id, done.what, done.format, done.path) == ("gorgon", what, fmt, target)
    assert [p.name for p in target.parent.iterdir()] == [target.name]  # no temporary left


def test_export_is_atomic_and_refuses_bad_paths(
    campaign: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed_demo(campaign)
    target = tmp_path / "roster.md"
    target.write_text("the old export")

    def cut_short(tmp: Path, data: bytes) -> None:
        tmp.write_bytes(data[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal, "write_temporary", cut_short)
    with pytest.raises(StoreError, match="No space left"):
        act.export_crew(campaign, "gorgon", "roster", "markdown", target)
    assert target.read_text() == "the old export"
    monkeypatch.undo()
    for path, why in [
        (tmp_path / "no" / "such" / "x.md", "does not exist"),
        (tmp_path, "is a folder"),
    ]:
        with pytest.raises(ActionRefused, match=why):
            act.export_crew(campaign, "gorgon", "roster", "markdown", path)
    with pytest.raises(ActionRefused, match="manifest or the roster"):
        act.export_crew(campaign, "gorgon", "crew", "markdown", target)
    with pytest.raises(ActionRefused, match="no ship with the id"):
        act.export_crew(campaign, "nobody", "roster", "markdown", target)
    assert target.read_text() == "the old export"


class _CountedMembers(tuple):
    """A crew that counts how often it is gone through."""

    passes = 0

    def __iter__(self):
        type(self).passes += 1
        return super().__iter__()


def test_standings_count_each_condition_in_one_pass_once(campaign: Campaign) -> None:
    """The Crew tab asks for the counts whenever it checks its keys: a 5,000-crew ship must
    not be gone through four times on every check."""
    from gmtool.rules.crew_casualties import CONDITIONS, MemberStanding

    seed_demo(campaign)
    crew = ship_store.ship_crew(campaign, "gorgon")
    people = crew.roster.members
    hurt = [MemberStanding(m, CONDITIONS[i % len(CONDITIONS)]) for i, m in enumerate(people)]
    standing = act.CrewStandings(_CountedMembers(hurt), {})
    expected = {c: sum(1 for m in hurt if m.condition == c) for c in CONDITIONS}
    assert standing.counts() == expected and sum(expected.values()) == len(people)
    standing.counts()["fit"] = -1  # a caller's copy
    assert standing.counts() == expected
    assert _CountedMembers.passes == 1


def test_a_roster_saved_under_the_summed_cargo_reading_is_kept_marked_and_regenerated(
    campaign: Campaign, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RULES.md section 2 (third reading): an autocargo system takes the place of the bay and
    hold handlers. The demo CSS Tenacity (autocargo, two holds) saved by a gmtool that summed
    them has 5 cargo handlers and 721 crew; today's rules give 1 and 717. The saved roster is
    kept as saved, its check says so (the Crew tab's `*`), and regenerating gives 717."""
    import shutil

    from gmtool.rules import crew as crew_rules
    from gmtool.rules.tables import tables_dir

    folder = tmp_path / "summed-cargo-tables"
    shutil.copytree(tables_dir(), folder)
    crew_yaml = folder / "crew.yaml"
    text = crew_yaml.read_text(encoding="utf-8")
    assert text.count(", unless_has: [autocargo]}") == 2
    crew_yaml.write_text(text.replace(", unless_has: [autocargo]}", "}"), encoding="utf-8")
    with monkeypatch.context() as m:
        m.setenv("GMTOOL_TABLES", str(folder))
        crew_rules.crew_table.cache_clear()
        seed_demo(campaign)
    crew_rules.crew_table.cache_clear()

    saved = act.crew_of(campaign, "tenacity")
    assert saved.manifest.count("cargo_handlers") == 5 and saved.manifest.total_crew == 721
    check = ship_store.check_manifest(campaign, "tenacity")
    assert check.changed and check.current.total_crew == 717
    assert check.current.count("cargo_handlers") == 1
    assert not ship_store.check_manifest(campaign, "kestrel").changed  # a bay, no autocargo
    assert not ship_store.check_manifest(campaign, "meridian").changed  # a hold, no autocargo

    named = act.regenerate_crew(campaign, "tenacity")
    assert named.crew.manifest.total_crew == 717 and len(named.crew.roster.members) == 717
    assert not ship_store.check_manifest(campaign, "tenacity").changed
