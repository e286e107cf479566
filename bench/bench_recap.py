"""Building a session's recap: a session of 10 battles and 5,000 rolls (the issue's target is
under 100 ms).

The campaign is the demo's ships and party with an earlier session of 2,000 rolls (read past,
never into), then the measured session: 10 battles fought to their end through the actions,
a treatment, notes, and 5,000 checks logged, MARKED of them marked by the GM (every other
one in front of the players). Prints the median and the slowest of the
recap's builds (facts read from the files each time, as `gmtool session report` does), and
of the facts and the wording apart.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gmtool.actions import battles as battle_act
from gmtool.actions import journal
from gmtool.actions import sessions as session_act
from gmtool.actions.roll_marks import mark_roll
from gmtool.rules.checks import roll_check
from gmtool.rules.session_facts import RollMark
from gmtool.rules.session_recap import recap_markdown
from gmtool.store import Campaign, open_campaign
from gmtool.store.demo import seed_demo

BATTLES = 10
ROLLS = 5_000
EARLIER_ROLLS = 2_000
SAMPLES = 15
MARKED = 50  # rolls of the session the GM marked to remember
BATCH = 250  # rolls saved per commit while building (the log's chunking is what is read)


def log_checks(campaign: Campaign, count: int) -> None:
    rng = campaign.rng()
    for start in range(0, count, BATCH):
        entries = [
            campaign.check_entry(roll_check(12, 0, rng), "a bench check")
            for _ in range(min(BATCH, count - start))
        ]
        with campaign.transaction():
            campaign.record(entries)


def build(folder: Path) -> Campaign:
    campaign = open_campaign(folder, name="Recap bench", seed=11)
    seed_demo(campaign)
    session_act.start_session(campaign, "Earlier")
    log_checks(campaign, EARLIER_ROLLS)
    session_act.end_session(campaign)
    session_act.start_session(campaign, "The long night")
    for number in range(BATTLES):
        battle = battle_act.new_battle(
            campaign, f"Clash {number + 1}", ["meridian"], ["vex"], "long"
        ).id
        battle_act.do_apply_damage(campaign, battle, "vex", 3, "wound", "a bench hit")
        battle_act.do_end_battle(campaign, battle)
    log_checks(campaign, ROLLS)
    newest = campaign.rolls.count() if campaign.rolls else 0
    for number in range(MARKED):
        mark = RollMark.PLAYERS if number % 2 else RollMark.GM
        mark_roll(campaign, newest - number * (ROLLS // MARKED), mark)
    journal.add_note(campaign, "The Vex keeps coming back")
    return campaign


def timed(work: object) -> list[float]:
    found = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        found.append((time.perf_counter() - start) * 1000)
    return found


def main() -> None:
    os.environ.setdefault("GMTOOL_HOME", tempfile.mkdtemp())
    with tempfile.TemporaryDirectory() as tmp:
        campaign = build(Path(tmp) / "bench.campaign")
        session = 2
        facts = journal.session_facts(campaign, session)
        assert len(facts.battles) == BATTLES and facts.rolls_made >= ROLLS, facts.rolls_made
        print(f"session of {len(facts.battles)} battles, {facts.rolls_made:,} rolls")
        rows = [
            ("recap (facts and words)", lambda: journal.recap(campaign, session)),
            ("players' recap", lambda: journal.recap(campaign, session, players=True)),
            ("facts only", lambda: journal.session_facts(campaign, session)),
            ("words only", lambda: recap_markdown(facts)),
        ]
        for name, work in rows:
            times = timed(work)
            print(f"{name:26} median {statistics.median(times):7.1f} ms   max {max(times):7.1f} ms")
        campaign.close()


if __name__ == "__main__":
    sys.exit(main())
