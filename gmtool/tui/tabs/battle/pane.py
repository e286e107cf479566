"""Battle tab: a narrative space battle played round by round through the sequence of play.

The tab renders the saved battle (`actions.reads.battles`): where the round is, both
fleets with their damage tracks and crew losses, what the GM can do now
(`gmtool.rules.battle.available_actions`), the weapons that can fire with every step
modifier, and the battle's log with its dice. Every step goes through `gmtool.actions.battles`,
which rolls with the campaign's generator, logs the rolls, saves the battle and the hazards
of the characters aboard; ctrl+z takes the last step back, ctrl+y does it again.

Everything shown is rebuilt from the saved battle in the same handler that saved a step, so
the next key always acts on the battle as it now is (orders.py says how a dialog's order
keeps to the battle it was given on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static

from gmtool.actions import ActionRefused
from gmtool.actions import battles as battle_actions
from gmtool.actions.battle_next import Until, play_on
from gmtool.actions.battle_report import save_report
from gmtool.actions.battles import StepDone
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.battles import (
    BattleFilesMissing,
    StepOutcome,
    can_undo,
    get_battle_record,
    last_step_label,
    live_battle,
    next_redo_label,
    open_battle_id,
)
from gmtool.rules.battle import (
    ActionInfo,
    BattleState,
    advance_blocker,
    available_actions,
    battle_summary,
    likely_target,
)
from gmtool.rules.errors import RulesError
from gmtool.tui.dialogs import ChoiceDialog
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.battle import battle_menu, history, orders, station_orders
from gmtool.tui.tabs.battle.action_list import ActionList
from gmtool.tui.tabs.battle.detail import detail_text
from gmtool.tui.tabs.battle.header import header_text
from gmtool.tui.tabs.battle.keys import ACTIONS, BATTLE_ONLY_ACTIONS, HELP, PLAY_ACTIONS
from gmtool.tui.tabs.battle.log_view import log_text
from gmtool.tui.tabs.battle.play_words import (
    damage_cause,
    decision_index,
    first_fresh,
    played_words,
)
from gmtool.tui.tabs.battle.report import ReportScreen, SummaryScreen
from gmtool.tui.tabs.battle.rules_card import readings_card
from gmtool.tui.tabs.battle.ship_table import ShipTable, TableLayout
from gmtool.tui.tabs.battle.station_orders import written_back_text

AUTO_NONE = "none"  # the who-plays choice of no side played by gmtool
WIDE_WIDTH = 100  # narrower: the track columns drop their bars, the class column goes
SHORT_HEIGHT = 28  # lower: no blank lines between the parts


class BattlePane(GmPane):
    TAB_ID = "battle"
    TITLE = "Battle"
    HELP = HELP
    ACTIONS = ACTIONS
    DEFAULT_CSS = tab_css(__file__, "battle.tcss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.battle_id: str | None = None
        self.battle: BattleState | None = None
        self.now: list[ActionInfo] = []
        self.wide = True
        self.undo_label: str | None = None  # what ctrl+z takes back now (None: nothing)
        self.redo_label: str | None = None  # what ctrl+y does again now (None: nothing)
        self._rendered_width = 0  # the pane's width when the table was last laid out
        self._offered: tuple[object, ...] | None = None  # what the footer offers now

    def help_text(self) -> str:
        """The prose and keys, then the rules card: the readings of the tables in use."""
        return f"{super().help_text()}\n\n{readings_card()}"

    def compose(self) -> ComposeResult:
        yield Static("", id="battle-header")
        yield ShipTable(id="battle-ships", cursor_type="row", zebra_stripes=True)
        with Horizontal(id="battle-middle"):
            yield ActionList(id="battle-actions")
            with VerticalScroll(id="battle-detail-box"):
                yield Static("", id="battle-detail")
        yield Static("", id="battle-status")
        with VerticalScroll(id="battle-log-box"):
            yield Static("", id="battle-log")

    def on_mount(self) -> None:
        try:
            self.battle_id = open_battle_id(self.campaign)
        except StoreError as exc:
            self.show_status(f"The battles do not read: {exc}", error=True)
            self.battle_id = None
        self.reload()
        # once the tab is drawn: n's form is built while the GM reads the tab
        self.call_after_refresh(battle_menu.build_setup_form_ahead, self)

    def on_show(self) -> None:
        # another tab may have changed the characters (treatment) or the ships
        # (nothing saved since the last read: the battle is as it was)
        if self.is_mounted and self.battle_id is not None and self.saved_since_read():
            self.reload(keep_status=True)

    def focus_default(self) -> None:
        self.query_one("#battle-actions", ActionList).focus()

    @property
    def generation(self) -> int:
        """Which rebuild of the action list is shown: it changes with every step."""
        return self.query_one("#battle-actions", ActionList).generation

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "delete_battle":
            # also a battle that is open but does not read (its files gone): x removes it
            return self.battle_id is not None
        if action not in BATTLE_ONLY_ACTIONS:
            return True
        state = self.battle
        if state is None or (state.finished and action in PLAY_ACTIONS):
            return False
        if action == "do_highlighted":
            return bool(self.now)
        if action == "attack":  # only while a weapon can fire
            return any(a.action == "roll_attack" for a in self.now)
        if action == "undo":
            return self.undo_label is not None
        if action == "redo":
            return self.redo_label is not None
        return True

    def why_not(self, action: str) -> str | None:
        state = self.battle
        if state is None or (state.finished and action in PLAY_ACTIONS):
            return self._idle_status()  # what the idle line says: no battle, or it is over
        if action == "attack":
            return orders.no_fire_text(state)
        if action in ("undo", "redo"):
            return f"Nothing to {action} in {state.name}."
        return None

    # -- rendering ------------------------------------------------------------------------
    def reload(self, keep_status: bool = False) -> None:
        """Read the open battle from the store and show it."""
        self.note_read()
        self.battle = None
        if self.battle_id is not None:
            try:
                self.battle = live_battle(self.campaign, self.battle_id)
            except BattleFilesMissing as exc:
                files = "file" if len(exc.missing) == 1 else "files"
                are = "is" if len(exc.missing) == 1 else "are"
                self.show_status(
                    f"{self._battle_name(exc.battle_id)} cannot open: its saved {files} "
                    f"{', '.join(exc.missing)} {are} missing. x deletes it from the list "
                    "(backups/ may hold copies).",
                    error=True,
                )
                keep_status = True
                self.forget_read()  # read again when shown: the files may be back
            except (StoreError, RulesError) as exc:
                name = self._battle_name(self.battle_id)
                self.show_status(f"{name} does not read: {exc}", error=True)
                keep_status = True
                self.forget_read()
        self.render_state()
        if not keep_status:
            self.show_status(self._idle_status())

    def _battle_name(self, battle_id: str) -> str:
        """'The battle Ambush at Tarsus': its name from the campaign's list, for messages
        (the id only when the list does not read)."""
        try:
            return f"The battle {get_battle_record(self.campaign, battle_id).name}"
        except StoreError:
            return f"The battle {battle_id!r}"

    def _idle_status(self) -> str:
        if self.battle is None:
            return "No battle open: n sets one up, o opens one of the campaign's battles."
        if self.battle.finished:
            return "The battle is over: s shows the summary; ctrl+z takes the ending back."
        blocker = advance_blocker(self.battle)
        what = f"ctrl+n: {blocker}" if blocker else "ctrl+n goes one step"
        return f"space plays on; enter does the highlighted action; {what}."

    def on_resize(self) -> None:
        self.set_class(self.size.height < SHORT_HEIGHT, "short")
        self.wide = self.size.width >= WIDE_WIDTH
        if self.size.width != self._rendered_width:
            self.fill_table()  # only the table depends on the width: the rest stays put

    def fill_table(self) -> None:
        self._rendered_width = self.size.width
        width = (self.size.width or self.app.size.width) - self.styles.padding.width
        self.query_one("#battle-ships", ShipTable).show(self.battle, width, self.wide)

    @property
    def ship_layout(self) -> TableLayout:
        """How the ship table's columns fit the tab's width now."""
        return self.query_one("#battle-ships", ShipTable).fit

    def _read_history(self) -> None:
        """What ctrl+z and ctrl+y would take back or do again now."""
        self.undo_label = self.redo_label = None
        if self.battle is None or self.battle_id is None:
            return
        try:
            if can_undo(self.campaign, self.battle_id):
                self.undo_label = last_step_label(self.campaign, self.battle_id)
            self.redo_label = next_redo_label(self.campaign, self.battle_id)
        except StoreError:
            pass  # the keys then say why when pressed

    def render_state(self) -> None:
        state = self.battle
        header = self.query_one("#battle-header", Static)
        actions = self.query_one("#battle-actions", ActionList)
        self.fill_table()
        self.now = available_now(state)
        actions.show(self.now, first_fresh(state, self.now))
        self._read_history()
        offered = (
            state is not None,
            self.battle_id is not None,
            bool(state and state.finished),
            bool(self.now),
            any(a.action == "roll_attack" for a in self.now),
            self.undo_label is not None,
            self.redo_label is not None,
        )
        if self._offered != offered:
            self._offered = offered
            # the screen's, not the pane's: that one does nothing until on_mount is over
            self.screen.refresh_bindings()
        if state is None:
            header.update(
                Text.assemble(("No battle open", "bold"), "\nn: set up a new battle · o: open one")
            )
            self.query_one("#battle-detail", Static).update("")
            self.query_one("#battle-log", Static).update("")
            return
        header.update(header_text(state))
        self.show_detail()
        self.query_one("#battle-log", Static).update(log_text(state))
        # the newest entry is at the top: keep it in sight after every step
        self.query_one("#battle-log-box", VerticalScroll).scroll_home(animate=False)

    def highlighted_action(self) -> ActionInfo | None:
        index = self.query_one("#battle-actions", ActionList).highlighted
        if index is None or not 0 <= index < len(self.now):
            return None
        return self.now[index]

    @on(OptionList.OptionHighlighted, "#battle-actions")
    def show_detail(self) -> None:
        detail = self.query_one("#battle-detail", Static)
        state = self.battle
        text = detail_text(state, self.now, self.highlighted_action()) if state else ""
        detail.update(text)

    def show_status(self, text: str | Text, error: bool = False) -> None:
        status = self.query_one("#battle-status", Static)
        status.set_class(error, "error")
        status.update(text)

    def damage_target(self) -> str | None:
        """The ship d and k act on unless the GM picks another: the one they moved to in the
        ships table, else the likely target (the ship just hit, else the flagship of the
        side the GM does not play: their enemy, not their own)."""
        state = self.battle
        if state is None:
            return None
        table = self.query_one("#battle-ships", ShipTable)
        if table.moved_by_gm:
            return table.ship_under_cursor(state)
        gm_sides = [s.id for s in state.sides if s.id not in state.auto]
        return likely_target(state, gm_sides[0] if gm_sides else None)

    def ship_under_cursor(self) -> str | None:
        return self.query_one("#battle-ships", ShipTable).ship_under_cursor(self.battle)

    # -- doing a step ---------------------------------------------------------------------
    def do_step(
        self, fn: Any, *args: Any, at: int | None = None, **kwargs: Any
    ) -> StepOutcome | None:
        """Run one engine action through the actions; a refusal shows why and saves nothing.
        `at`: the generation of the action list the order was given on."""
        return self.do_action(battle_actions.run, fn, *args, at=at, **kwargs)

    def do_action(
        self, action: Callable[..., StepDone], *args: Any, at: int | None = None, **kwargs: Any
    ) -> StepOutcome | None:
        """Run one battle action (`action(campaign, battle id, ...)` returning a StepDone)
        on the open battle and show it; a refusal shows why and saves nothing. An order given
        on an older action list (`at`) is refused: the battle moved on under it."""
        if self.battle_id is None:
            self.show_status("No battle open: n sets one up, o opens one.", error=True)
            return None
        if at is not None and at != self.generation:
            self.show_status(
                "Not done: the battle moved on while the order was being given; "
                "give it again on the list as it is now.",
                error=True,
            )
            return None
        try:
            done = action(self.campaign, self.battle_id, *args, **kwargs)
        except (RulesError, StoreError, ActionRefused) as exc:
            self.show_status(f"Not done: {exc}", error=True)
            return None
        outcome = done.outcome
        self.battle = outcome.state
        self.render_state()
        text = self.outcome_text(outcome)
        if done.report is not None:
            where = done.report.relative_to(self.campaign.folder)
            text.append(f"\nBattle report saved as {where} (r shows it).", style="bold")
        if done.written_back:
            text.append(f"\n{written_back_text(done)}", style="bold")
        self.show_status(text)
        return outcome

    def outcome_text(self, outcome: StepOutcome) -> Text:
        lines = [ln for line in outcome.result.headline for ln in line.splitlines()]
        shown = lines if len(lines) <= 2 else [lines[0], "… " + lines[-1]]
        text = Text("\n".join(shown))
        if outcome.injuries:
            hurt = sum(1 for e in outcome.injuries if any(e.get("marked", {}).values()))
            text.append(
                f"\n{len(outcome.injuries)} hazard roll{'s' if len(outcome.injuries) != 1 else ''}"
                f" for characters aboard, {hurt} hurt (in the Injuries tab).",
                style="bold",
            )
        return text

    def need_battle(self) -> BattleState | None:
        if self.battle is None:
            self.show_status("No battle open: n sets one up, o opens one.", error=True)
            return None
        return self.battle

    def need_open_battle(self) -> BattleState | None:
        """The battle, if it can still be played on (else why not, in the status line)."""
        state = self.need_battle()
        if state is not None and state.finished:
            self.show_status(
                f"{state.name} is over (it ended in round {state.round}): s shows its "
                "summary; ctrl+z takes the ending back.",
                error=True,
            )
            return None
        return state

    @on(OptionList.OptionSelected, "#battle-actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        """A click on the list (enter is the table's do_highlighted): only on the list as
        it is now, never on an older one's place."""
        event.stop()
        index = self.query_one("#battle-actions", ActionList).index_of(event.option.id)
        if index is None or not 0 <= index < len(self.now):
            return
        orders.perform(self, self.now[index])

    # -- keys -----------------------------------------------------------------------------
    def action_do_highlighted(self) -> None:
        info = self.highlighted_action()
        if info is not None:
            orders.perform(self, info)

    def action_advance(self) -> None:
        orders.go_on(self)

    def action_play_on(self) -> None:
        self._play("decision")

    def action_play_round(self) -> None:
        self._play("round")

    def _play(self, until: Until) -> None:
        """Play on with `play_on`; every step it played is saved, so a refusal part-way
        shows the battle as far as it got, and why it stopped."""
        if self.need_open_battle() is None or self.battle_id is None:
            return
        try:
            played = play_on(self.campaign, self.battle_id, until)
        except (RulesError, StoreError, ActionRefused) as exc:
            self.reload(keep_status=True)
            self.show_status(f"Stopped: {exc}", error=True)
            return
        self.reload(keep_status=True)
        if self.battle is None:
            return
        if played.decision is not None:
            index = decision_index(self.now, played.decision)
            if index is not None:
                self.query_one("#battle-actions", ActionList).highlighted = index
        self.show_status(played_words(self.battle, played))
        if played.decision is not None and played.decision.kind == "damage":
            due, cause = self.battle.damage_due, damage_cause(self.battle)
            orders.ask(self, orders.type_damage_due(self, due, cause))

    def action_undo_round(self) -> None:
        if self.need_battle() is None or self.battle_id is None:
            return
        try:
            undone = battle_actions.undo_round(self.campaign, self.battle_id)
        except (RulesError, StoreError, ActionRefused) as exc:
            self.show_status(f"Not undone: {exc}", error=True)
            return
        self.reload(keep_status=True)
        count = len(undone.steps)
        self.show_status(
            f"Undone: round {undone.round}, {count} step{'s' if count != 1 else ''} "
            "taken back (their rolls marked undone, injuries given back)."
        )

    def action_who_plays(self) -> None:
        state = self.need_open_battle()
        if state is None:
            return
        options = [
            (AUTO_NONE, "You play both sides"),
            ("a", f"gmtool plays {state.side('a').name}"),
            ("b", f"gmtool plays {state.side('b').name}"),
            ("ab", "gmtool plays both sides"),
        ]
        now = "".join(state.auto) or AUTO_NONE

        def chosen(answer: str | None) -> None:
            if answer is None or answer == now:
                return
            sides = () if answer == AUTO_NONE else tuple(answer)
            self.do_action(battle_actions.do_set_auto, sides)

        self.app.push_screen(ChoiceDialog("Who plays each side", options, initial=now), chosen)

    def action_attack(self) -> None:
        if self.need_open_battle() is not None:
            orders.ask(self, orders.attack(self, self.highlighted_action(), self.generation))

    def action_damage(self) -> None:
        if self.need_open_battle() is not None:
            target = self.damage_target()
            orders.ask(self, orders.type_damage(self, target, at=self.generation))

    def action_end(self) -> None:
        if self.need_open_battle() is not None:
            orders.ask(self, orders.end(self, self.generation))

    def action_summary(self) -> None:
        state = self.need_battle()
        if state is None:
            return
        self.app.push_screen(SummaryScreen(f"{state.name}: summary", battle_summary(state).text()))

    def action_report(self) -> None:
        """Save the report as the battle stands now and show it."""
        state = self.need_battle()
        if state is None:
            return
        try:
            saved = save_report(self.campaign, state.id)
        except (RulesError, StoreError, ActionRefused) as exc:
            self.show_status(f"No report: {exc}", error=True)
            return
        where = str(saved.path.relative_to(self.campaign.folder))
        self.app.push_screen(ReportScreen(f"{state.name}: battle report", saved.text, where))

    def action_undo(self) -> None:
        history.undo(self)

    def action_redo(self) -> None:
        history.redo(self)

    def action_new_battle(self) -> None:
        orders.ask(self, battle_menu.new_battle(self))

    def action_open_battle(self) -> None:
        orders.ask(self, battle_menu.open_battle(self))

    def action_delete_battle(self) -> None:
        orders.ask(self, battle_menu.delete_open_battle(self))

    def _ship_order(self, order: Callable[[BattlePane, str, int], Any]) -> None:
        """g and k: on the ship under the table's cursor as the key finds it."""
        if self.need_open_battle() is None:
            return
        ship_id = self.ship_under_cursor()
        if ship_id is None:
            self.show_status("No ship in the table: move the cursor onto one.", error=True)
            return
        orders.ask(self, order(self, ship_id, self.generation))

    def action_gunner(self) -> None:
        self._ship_order(station_orders.gunner_order)

    def action_knock_out(self) -> None:
        if self.need_open_battle() is None:
            return
        ship_id = self.damage_target()
        if ship_id is None:
            self.show_status("No ship left to knock a system out on.", error=True)
            return
        orders.ask(self, station_orders.knock_out_order(self, ship_id, self.generation))

    def action_commander(self) -> None:
        if self.need_open_battle() is not None:
            orders.ask(self, station_orders.commander_order(self, self.generation))

    def action_move_station(self) -> None:
        if self.need_open_battle() is not None:
            orders.ask(self, station_orders.move_order(self, self.generation))

    def action_take_over(self) -> None:
        if self.need_open_battle() is not None:
            orders.ask(self, station_orders.take_over_order(self, self.generation))

    def action_leave_ship(self) -> None:
        if self.need_open_battle() is not None:
            orders.ask(self, station_orders.leave_order(self, self.generation))


def available_now(state: BattleState | None) -> list[ActionInfo]:
    return available_actions(state) if state is not None else []


__all__ = ["BattlePane"]
