"""Where an injury's damage sits in the party's undo history, so the two histories agree.

Every injury action (a hazard, damage, a treatment, a rest, a battle's short rest, a redo)
saves the party as one undo step tagged with the ids of the entries it adds (`tag_for`).
Taking an entry back (the Injuries tab, or a battle step's undo) then takes its own party
step out of the party's history (`take_back`) instead of saving a new step over it: the
states saved after that step lose the entry's damage too, so no later ctrl+z on the Stations
tab brings it back, and the party's undo never grows from another history's undo. The
Stations tab's ctrl+z refuses a step so tagged (`injury_step`): its entries would stay live
with their damage gone.

`disagreements` is what `gmtool doctor` asks: the party steps whose entries are not live,
and the characters whose damage is not what their newest live entry left.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from gmtool.rules.characters import Character, Party
from gmtool.rules.errors import RulesError
from gmtool.store.campaign import Campaign
from gmtool.store.party import party_state, party_tracker
from gmtool.store.records import InjuryEntry, PartyState
from gmtool.store.tracker import Step

TAG_PREFIX = "injuries:"
TRACKS = ("stun", "wound", "mortal")


def tag_for(ids: Iterable[int]) -> str:
    """The tag of the party step an injury action saves: the ids of its entries."""
    return TAG_PREFIX + ",".join(str(i) for i in ids)


def next_ids(campaign: Campaign, count: int) -> list[int]:
    """The ids the next `count` entries of the injury history will get (ids are given in
    order, so the party step saved just before them can name them)."""
    first = campaign.injury_log.next_id
    return list(range(first, first + count))


def tagged_ids(tag: object) -> list[int]:
    """The entry ids a party step's tag names ([] for any other step)."""
    if not isinstance(tag, str) or not tag.startswith(TAG_PREFIX):
        return []
    try:
        return [int(i) for i in tag[len(TAG_PREFIX) :].split(",") if i]
    except ValueError:
        return []


def injury_step(campaign: Campaign) -> str | None:
    """The label of the party's last step when an injury action saved it (None otherwise)."""
    undo = party_tracker(campaign).record()["undo"]
    return undo[-1]["label"] if undo and tagged_ids(undo[-1].get("tag")) else None


def _without(
    state: PartyState | None, entry: InjuryEntry, *, strict: bool = False
) -> PartyState | None:
    """`state` with the entry's change on its character reversed; `strict` (the party as it
    is now) refuses a character gone or whose tracks no longer fit, instead of leaving the
    state or keeping the damage in the tracks."""
    if state is None:
        return None
    party = Party.from_dict(state)
    if entry["character"] not in party.ids:
        if strict:
            raise RulesError(f"cannot undo: {entry['character_name']} is no longer in the party")
        return state
    character = party.character(entry["character"])
    change = {t: entry["after"].get(t, 0) - entry["before"].get(t, 0) for t in TRACKS}
    damage = {t: max(0, character.damage.get(t, 0) - change[t]) for t in TRACKS}
    tracks = character.tracks
    if any(damage[t] > tracks[t] for t in TRACKS):
        if strict:
            raise RulesError(f"cannot undo: {character.name}'s tracks no longer fit that entry")
        damage = {t: min(damage[t], tracks[t]) for t in TRACKS}
    stabilized = character.stabilized
    if stabilized == bool(entry.get("stabilized_after")):
        stabilized = bool(entry.get("stabilized_before"))
    restored = character.with_damage(damage, stabilized)
    return party_state(
        Party(tuple(restored if c.id == character.id else c for c in party.characters),
              party.assignments)
    )  # fmt: skip


def take_back(campaign: Campaign, entry: InjuryEntry) -> None:
    """Reverse the entry's damage on its character in the party's history: the party now,
    every state saved after the entry's step (and those ctrl+y would bring back), and the
    step itself goes once none of its entries is left. No new undo step is saved. Refused
    (RulesError) when the character is gone or their tracks no longer fit the change."""
    tracker = party_tracker(campaign)
    record = tracker.record()
    undo = [cast(Step[PartyState], dict(s)) for s in record["undo"]]
    at = next(
        (i for i in range(len(undo) - 1, -1, -1) if entry["id"] in tagged_ids(undo[i].get("tag"))),
        None,
    )
    # no step names it (out of the undo window, or saved by an older gmtool): every state
    # kept was saved after it
    start = 0 if at is None else at + 1
    state = _without(record["state"], entry, strict=True)
    for step in undo[start:]:
        step["previous"] = _without(step["previous"], entry)
    redo = [
        cast(Step[PartyState], {**s, "previous": _without(s["previous"], entry)})
        for s in record.get("redo", [])
    ]
    if at is not None:
        left = [i for i in tagged_ids(undo[at].get("tag")) if i != entry["id"]]
        if left:
            undo[at]["tag"] = tag_for(left)
        else:
            del undo[at]
    tracker.rewrite(state, undo, redo)


def disagreements(campaign: Campaign, live: Mapping[int, InjuryEntry]) -> list[str]:
    """What in the party's history disagrees with the live injury entries (`live`: id ->
    entry), in the GM's words; [] when they agree."""
    record = party_tracker(campaign).record()
    undo = record["undo"]
    found: list[str] = []
    after: list[Any] = [s.get("previous") for s in undo[1:]] + [record["state"]] * bool(undo)
    for step, state in zip(undo, after, strict=True):
        ids = tagged_ids(step.get("tag"))
        if not ids:
            continue
        gone = [i for i in ids if i not in live]
        if gone:
            found.append(
                f"the party's step '{step['label']}' gave damage from injury entries "
                f"{', '.join(f'#{i}' for i in gone)}, which are undone or missing"
            )
            continue
        found += _damage_problems(
            step["label"], step.get("previous"), state, [live[i] for i in ids]
        )
    for step in record.get("redo", []):
        standing = [i for i in tagged_ids(step.get("tag")) if i in live]
        if standing:
            found.append(
                f"the party's step '{step['label']}' was undone, but its injury entries "
                f"{', '.join(f'#{i}' for i in standing)} are live: their damage is not on "
                "the party"
            )
    return found


def _damage_problems(
    label: str, before: Any, after: Any, entries: Sequence[InjuryEntry]
) -> list[str]:
    """Each character whose damage the step changed otherwise than its entries say (the
    change is compared, not the totals: a redo lands on whatever damage the party has)."""
    if not isinstance(after, Mapping):
        return []
    now = {c.id: c for c in Party.from_dict(after).characters}
    then = {c.id: c for c in Party.from_dict(before).characters} if before else {}
    wanted: dict[str, dict[str, int]] = {}
    for entry in entries:
        change = wanted.setdefault(entry["character"], dict.fromkeys(TRACKS, 0))
        for t in TRACKS:
            change[t] += entry["after"].get(t, 0) - entry["before"].get(t, 0)
    found = []
    for who, change in wanted.items():
        character: Character | None = now.get(who)
        if character is None or who not in then:
            continue
        has = {t: character.damage.get(t, 0) - then[who].damage.get(t, 0) for t in TRACKS}
        if has != change:
            found.append(
                f"{character.name}'s damage changed by {_words(has)} in '{label}', but "
                f"the injury entries of that step say {_words(change)}"
            )
    return found


def _words(change: Mapping[str, int]) -> str:
    return ", ".join(f"{change[t]:+d} {t}" for t in TRACKS)
