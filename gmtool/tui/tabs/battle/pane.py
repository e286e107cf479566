"""Battle tab: a narrative space battle played round by round through the sequence of play.

A key or an action of the list gives a typed request, at once or after its dialog; the pane
carries it out with one action and rebuilds everything from the battle that action saved,
so the next key acts on the battle as it now is.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from functools import partial, partialmethod
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static

from gmtool.actions import ActionRefused, history
from gmtool.actions import battles as battle_actions
from gmtool.actions.battle_next import Until, play_on
from gmtool.actions.battle_report import save_report
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.battles import StepOutcome, open_battle_id
from gmtool.rules.battle import (
    ActionInfo,
    BattleState,
    advance_blocker,
    available_actions,
    battle_summary,
)
from gmtool.rules.errors import RulesError
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.battle import battle_menu, offered, orders, play_words, station_orders
from gmtool.tui.tabs.battle import requests as rq
from gmtool.tui.tabs.battle.action_list import ActionList
from gmtool.tui.tabs.battle.detail import attack_option, detail_text
from gmtool.tui.tabs.battle.header import header_text
from gmtool.tui.tabs.battle.keys import ACTIONS, HELP
from gmtool.tui.tabs.battle.log_view import log_text
from gmtool.tui.tabs.battle.orders import Asker, NotGiven
from gmtool.tui.tabs.battle.reading import history_labels, read_battle
from gmtool.tui.tabs.battle.report import ReportScreen, SummaryScreen
from gmtool.tui.tabs.battle.rules_card import readings_card
from gmtool.tui.tabs.battle.ship_table import ShipTable, TableLayout

# an order that asks, then gives its request (a battle's step, or one to open or delete)
Asking = Coroutine[Any, Any, rq.Request | battle_menu.MenuRequest | None]
WIDE_WIDTH = 100  # narrower: the track columns drop their bars, the class column goes
SHORT_HEIGHT = 28  # lower: no blank lines between the parts


class BattlePane(GmPane):
    TAB_ID = "battle"
    TITLE = "Battle"
    HELP = HELP
    ACTIONS = ACTIONS
    STATUS_LINE = "battle-status"
    DEFAULT_CSS = tab_css(__file__, "battle.tcss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.battle_id: str | None = None
        self.battle: BattleState | None = None
        self.now: list[ActionInfo] = []
        self.undo_label: str | None = None  # what ctrl+z takes back now (None: nothing)
        self.redo_label: str | None = None  # what ctrl+y does again now (None: nothing)
        self._rendered_width = 0  # the pane's width when the table was last laid out
        self._offered: offered.BattleNow | None = None  # what the footer offers now

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
            self.say(f"The battles do not read: {exc}")
        self.reload()
        # once the tab is drawn: n's form is built while the GM reads the tab
        self.call_after_refresh(battle_menu.build_setup_form_ahead, self.app, self.campaign)

    def on_show(self) -> None:
        # another tab may have changed the characters (treatment) or the ships
        if self.is_mounted and self.battle_id is not None and self.saved_since_read():
            self.reload(keep_status=True)

    def focus_default(self) -> None:
        self.query_one("#battle-actions", ActionList).focus()

    @property
    def generation(self) -> int:
        """Which rebuild of the action list is shown: it changes with every step."""
        return self.query_one("#battle-actions", ActionList).generation

    def _now(self) -> offered.BattleNow:
        return offered.BattleNow(
            shown=self.battle is not None,
            open_id=self.battle_id is not None,
            finished=bool(self.battle and self.battle.finished),
            has_actions=bool(self.now),
            can_fire=any(a.action == "roll_attack" for a in self.now),
            can_undo=self.undo_label is not None,
            can_redo=self.redo_label is not None,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return offered.offered(action, self._now())

    def why_not(self, action: str) -> str | None:
        return offered.why_not(action, self.battle)

    # -- rendering ------------------------------------------------------------------------
    def reload(self, keep_status: bool = False) -> None:
        """Read the open battle from the store and show it."""
        self.note_read()
        read = None if self.battle_id is None else read_battle(self.campaign, self.battle_id)
        self.battle = None if read is None else read.state
        if read is not None and read.problem is not None:
            self.say(read.problem)
            keep_status = True
            self.forget_read()  # read again when shown: the files may be back
        self.render_state()
        if not keep_status:
            self.show_status(offered.idle_words(self.battle))

    def on_resize(self) -> None:
        self.set_class(self.size.height < SHORT_HEIGHT, "short")
        if self.size.width != self._rendered_width:
            self.fill_table()  # only the table depends on the width: the rest stays put

    def fill_table(self) -> None:
        self._rendered_width = self.size.width
        width = self.size.width or self.app.size.width
        wide = width >= WIDE_WIDTH
        width -= self.styles.padding.width
        self.query_one("#battle-ships", ShipTable).show(self.battle, width, wide)

    @property
    def ship_layout(self) -> TableLayout:
        """How the ship table's columns fit the tab's width now."""
        return self.query_one("#battle-ships", ShipTable).fit

    def render_state(self) -> None:
        state = self.battle
        self.fill_table()
        self.now = available_actions(state) if state is not None else []
        actions = self.query_one("#battle-actions", ActionList)
        actions.show(self.now, play_words.first_fresh(state, self.now))
        self.undo_label = self.redo_label = None
        if state is not None and self.battle_id is not None:
            self.undo_label, self.redo_label = history_labels(self.campaign, self.battle_id)
        now = self._now()
        if self._offered != now:
            self._offered = now
            # the screen's, not the pane's: that one does nothing until on_mount is over
            self.screen.refresh_bindings()
        self.query_one("#battle-header", Static).update(header_text(state))
        self.show_detail()
        self.query_one("#battle-log", Static).update(log_text(state) if state else "")
        # the newest entry is at the top: keep it in sight after every step
        self.query_one("#battle-log-box", VerticalScroll).scroll_home(animate=False)

    def highlighted_action(self) -> ActionInfo | None:
        index = self.query_one("#battle-actions", ActionList).highlighted
        if index is None or not 0 <= index < len(self.now):
            return None
        return self.now[index]

    @on(OptionList.OptionHighlighted, "#battle-actions")
    def show_detail(self) -> None:
        state, info = self.battle, self.highlighted_action()
        text = detail_text(state, self.now, info) if state else ""
        self.query_one("#battle-detail", Static).update(text)

    def damage_target(self) -> str | None:
        return self.query_one("#battle-ships", ShipTable).damage_target(self.battle)

    # -- doing a step ---------------------------------------------------------------------
    def say(self, text: str) -> None:
        """Say why an order cannot be given or was not done."""
        self.show_status(text, error=True)

    @property
    def asker(self) -> Asker:
        return Asker(self.app, self.campaign)

    def do_step(self, request: rq.Request, at: int | None = None) -> StepOutcome | None:
        """Carry out `request` and show it; one given on an older action list (`at`) is
        refused: the battle moved on."""
        if self.battle_id is None:
            self.say("No battle open: n sets one up, o opens one.")
            return None
        if at is not None and at != self.generation:
            self.say(
                "Not done: the battle moved on while the order was being given; "
                "give it again on the list as it is now."
            )
            return None
        try:
            done = rq.carry_out(self.campaign, self.battle_id, request)
        except (RulesError, StoreError, ActionRefused) as exc:
            self.say(f"Not done: {exc}")
            return None
        self.battle = done.state
        self.render_state()
        self.show_status(play_words.step_text(done, self.campaign.folder))
        return done.outcome

    def ask(self, asking: Asking | None) -> None:
        """Run an order that asks (a newer one replaces it), then carry out its request if
        the action list is still the one shown now."""
        if asking is not None:
            given_on = self.generation
            self.run_worker(self._asked(asking, given_on), exclusive=True, group="battle-dialog")

    async def _asked(self, asking: Asking, at: int) -> None:
        """The request carried out, then the damage form for damage left to type in, or the
        summary after the ending."""
        try:
            request = await asking
        except NotGiven as why:
            if str(why):
                self.say(str(why))
            return
        if isinstance(request, battle_menu.MenuRequest):
            try:
                self.carry_out_menu(request)
            except (StoreError, ActionRefused) as exc:
                self.say(battle_menu.refused_words(request, exc))
            return
        outcome = None if request is None else self.do_step(request, at)
        if outcome is None:
            return
        due = outcome.result.damage_to_type_in
        if isinstance(request, rq.Fire) and request.target in due:
            ship = outcome.state.ship(request.ship_id)
            weapon = ship.mount(request.weapon)
            note = f"{ship.name}'s {weapon.name}"
            await self._type_damage(request.target, note, weapon.system.damage_type)
        elif isinstance(request, rq.Ram | rq.SelfDestruct) and due:
            words = ("\nType in the damage each ship takes.", "bold")
            self.show_status(Text.assemble(play_words.outcome_text(outcome), words))
            await self._type_damage_due(due, play_words.damage_cause(outcome.state))
        elif isinstance(request, rq.EndBattle):
            self.action_summary()

    async def _type_damage(
        self, ship_id: str | None, note: str = "", damage_type: str | None = None
    ) -> None:
        """The damage form on the battle as it is now, if it can still be played on."""
        state = self.need_open_battle()
        if state is not None:
            form = orders.ask_damage(self.asker, state, ship_id, note, damage_type)
            await self._asked(form, self.generation)

    async def _type_damage_due(self, ships: Sequence[str], cause: str) -> None:
        """The damage form on each of `ships` still afloat in turn, until the GM escapes."""
        for ship_id in ships:
            state = self.battle
            if state is None or ship_id not in state.damage_due:
                continue
            await self._type_damage(ship_id, cause)
            if self.battle is None or len(self.battle.events) == len(state.events):
                return

    def need_battle(self) -> BattleState | None:
        if self.battle is None:
            self.say("No battle open: n sets one up, o opens one.")
        return self.battle

    def need_open_battle(self) -> BattleState | None:
        """The battle, if it can still be played on (else why not, in the status line)."""
        state = self.need_battle()
        if state is not None and state.finished:
            self.say(play_words.over_words(state))
            return None
        return state

    @on(OptionList.OptionSelected, "#battle-actions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        """A click on the list acts only on the list as it is now (enter is the table's)."""
        event.stop()
        index = self.query_one("#battle-actions", ActionList).index_of(event.option.id)
        if index is not None and 0 <= index < len(self.now):
            self.perform(self.now[index])

    def perform(self, info: ActionInfo) -> None:
        """Do one action of the list as the battle stands now, asking for what it needs."""
        state = self.need_battle()
        if state is None:
            return
        action, request = info.action, orders.at_once(info)
        if request is not None:
            self.do_step(request)
        elif action in orders.ASKED or (action in orders.ASKED_IF_ALLOWED and not info.refused):
            self.ask(orders.ask_listed(self.asker, state, self.now, info))
        elif info.refused:
            self.say(f"Not now: {info.refused}.")
        elif action == "leave_ship" and info.character_id is not None:
            self.do_step(rq.LeaveShip(info.character_id))
        elif action == "advance":
            self.action_advance()
        elif action == "apply_damage_manually":
            self.action_damage()
        elif action == "end_battle":
            self.action_end()
        else:
            self.say(f"The tab cannot do {action!r} yet.")

    # -- keys -----------------------------------------------------------------------------
    def action_do_highlighted(self) -> None:
        info = self.highlighted_action()
        if info is not None:
            self.perform(info)

    def action_advance(self) -> None:
        """space: the next step of the sequence of play, or why not yet."""
        state = self.need_open_battle()
        blocker = None if state is None else advance_blocker(state)
        if blocker is not None:
            self.say(f"Not yet: {blocker}.")
        elif state is not None:
            self.do_step(rq.Advance())

    def _play(self, until: Until) -> None:
        """Play on; each step is saved as played, so a refusal part-way shows the battle as
        far as it got, and why it stopped."""
        if self.need_open_battle() is None or self.battle_id is None:
            return
        try:
            played = play_on(self.campaign, self.battle_id, until)
        except (RulesError, StoreError, ActionRefused) as exc:
            self.reload(keep_status=True)
            self.say(f"Stopped: {exc}")
            return
        self.reload(keep_status=True)
        if self.battle is None:
            return
        if played.decision is not None:
            index = play_words.decision_index(self.now, played.decision)
            if index is not None:
                self.query_one("#battle-actions", ActionList).highlighted = index
        self.show_status(play_words.played_words(self.battle, played))
        if played.decision is not None and played.decision.kind == "damage":
            due, cause = self.battle.damage_due, play_words.damage_cause(self.battle)
            self.ask(self._type_damage_due(due, cause))

    action_play_on = partialmethod(_play, "decision")
    action_play_round = partialmethod(_play, "round")

    def action_undo_round(self) -> None:
        if self.need_battle() is None or self.battle_id is None:
            return
        try:
            undone = battle_actions.undo_round(self.campaign, self.battle_id)
        except (RulesError, StoreError, ActionRefused) as exc:
            self.say(f"Not undone: {exc}")
            return
        self.reload(keep_status=True)
        self.show_status(play_words.round_undone_words(undone))

    def _ask_on_open(self, order: Callable[[Asker, BattleState], Asking]) -> None:
        """An order asked on the battle, if it can still be played on."""
        state = self.need_open_battle()
        self.ask(None if state is None else order(self.asker, state))

    action_who_plays = partialmethod(_ask_on_open, orders.ask_who_plays)

    def action_attack(self) -> None:
        state = self.need_open_battle()
        if state is not None:
            option = attack_option(state, self.now, self.highlighted_action())
            self.ask(orders.ask_attack(self.asker, state, option))

    def action_damage(self) -> None:
        self.ask(self._type_damage(self.damage_target()))

    action_end = partialmethod(_ask_on_open, orders.ask_end)

    def action_summary(self) -> None:
        state = self.need_battle()
        if state is not None:
            summary = battle_summary(state).text()
            self.app.push_screen(SummaryScreen(f"{state.name}: summary", summary))

    def action_report(self) -> None:
        """Save the report as the battle stands now and show it."""
        state = self.need_battle()
        if state is None:
            return
        try:
            saved = save_report(self.campaign, state.id)
        except (RulesError, StoreError, ActionRefused) as exc:
            self.say(f"No report: {exc}")
            return
        where = str(saved.path.relative_to(self.campaign.folder))
        self.app.push_screen(ReportScreen(f"{state.name}: battle report", saved.text, where))

    def _history(self, redo: bool) -> None:
        """ctrl+z takes the last step back, ctrl+y does it again as saved."""
        if self.battle_id is None:
            return  # not offered: the keys need a battle shown
        step = history.redo if redo else history.undo
        try:
            result = step(self.campaign, history.battle(self.battle_id))
        except (StoreError, RulesError) as exc:
            self.say(f"Not {'redone' if redo else 'undone'}: {exc}")
            return
        if isinstance(result, history.Refused):
            self.say(play_words.refused_words(result))
            return
        self.reload(keep_status=True)
        can_redo = self.redo_label is not None
        words = play_words.redone_words(result) if redo else None
        self.show_status(words or play_words.undone_words(result, can_redo))

    action_undo = partialmethod(_history, False)
    action_redo = partialmethod(_history, True)

    def action_new_battle(self) -> None:
        self.ask(battle_menu.ask_new_battle(self.asker, self.carry_out_menu))

    def action_open_battle(self) -> None:
        self.ask(battle_menu.ask_open_battle(self.asker, self.battle_id))

    def action_delete_battle(self) -> None:
        readable = self.battle is not None
        self.ask(battle_menu.ask_delete(self.asker, self.battle_id, readable, self.show_status))

    def carry_out_menu(self, request: battle_menu.MenuRequest) -> None:
        """Set up, open or delete a battle, then show the one open after. A refusal raises:
        the set-up form shows it and stays open."""
        done = battle_menu.carry_out(self.campaign, request)
        self.battle_id = done.battle_id
        self.reload(keep_status=done.words is not None)
        if done.words is not None:
            self.show_status(done.words)
        if done.battle_id is not None:
            self.focus_default()

    def action_gunner(self) -> None:
        ship_id = self.query_one("#battle-ships", ShipTable).ship_under_cursor(self.battle)
        self._ask_on_open(partial(station_orders.gunner_order, ship_id=ship_id))

    def action_knock_out(self) -> None:
        self._ask_on_open(partial(station_orders.knock_out_order, ship_id=self.damage_target()))

    action_commander = partialmethod(_ask_on_open, station_orders.commander_order)
    action_move_station = partialmethod(_ask_on_open, station_orders.move_order)
    action_take_over = partialmethod(_ask_on_open, station_orders.take_over_order)
    action_leave_ship = partialmethod(_ask_on_open, station_orders.leave_order)


__all__ = ["BattlePane"]
