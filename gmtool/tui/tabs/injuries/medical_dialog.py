"""The doctor's treatment roll (ctrl+r rolls Medical Science for the procedure and saves what
its degree did) and days of rest, for one character or the whole party."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Select, Static

from gmtool.actions.healing import Rested, RestRequest, TreatmentRequest, procedures
from gmtool.rules.characters import Party
from gmtool.rules.errors import RulesError
from gmtool.rules.healing import doctor_skill, healing_table, rest_refusal
from gmtool.rules.limits import MAX_STEP
from gmtool.tui.footer import KeyFooter
from gmtool.tui.tabs.injuries.treatment_dialog import ROLL_KEY, CharacterDialog, SavingDialog
from gmtool.tui.widgets.compact import choice, form_row, number_field
from gmtool.tui.widgets.number_field import NumberField

WHOLE_PARTY = "*"


def best_doctor(party: Party, procedure: str) -> str | None:
    """The character with the best chance at the procedure (None: nobody can roll it)."""
    chosen = healing_table().procedure(procedure)
    best: tuple[float, str] | None = None
    for character in party.characters:
        try:
            skill = doctor_skill(character, chosen)
        except RulesError:
            continue
        if best is None or skill.expected_margin > best[0]:
            best = (skill.expected_margin, character.id)
    return best[1] if best else None


class MedicalTreatmentDialog(CharacterDialog[TreatmentRequest]):
    """The patient (first row), the doctor, the procedure and a step; ctrl+r rolls and saves."""

    ACTIONS = (ROLL_KEY,)
    CHARACTER_LABEL = "Patient"
    HINT = (
        "The doctor's check decides: Ordinary or better stabilizes and restores points "
        "(tables/healing.yaml). Step: -1 a good sick bay, +1..+3 the field. "
        "ctrl+r rolls and saves, escape cancels."
    )
    FIRST_FIELD = "#treat-doctor"

    def compose(self) -> ComposeResult:
        first_procedure = procedures()[0][0]
        with Vertical(id="medical-box", classes="dialog-box") as box:
            box.border_title = "Treatment: the doctor rolls"
            yield from self.character_row()
            doctors = [(c.name, c.id) for c in self.party.characters]
            doctor = choice(doctors, best_doctor(self.party, first_procedure), "treat-doctor")
            yield form_row("Doctor", doctor)
            options = [(name, pid) for pid, name in procedures()]
            procedure = choice(options, first_procedure, "treat-procedure")
            step = number_field("treat-step", -MAX_STEP, MAX_STEP, "", "0", "number")
            yield form_row("Procedure", procedure, "Step", step)
            yield Static(id="treat-skill")
            yield Static(classes="dialog-message")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_skill()  # then CharacterDialog's: the tracks, the hint, the first field

    def doctor_id(self) -> str | None:
        value = self.query_one("#treat-doctor", Select).value
        return value if isinstance(value, str) else None

    def procedure(self) -> str:
        return str(self.query_one("#treat-procedure", Select).value)  # never blank

    @on(Select.Changed, "#treat-doctor, #treat-procedure")
    def show_skill(self) -> None:
        """What the doctor rolls for the procedure, or why they cannot."""
        line = self.query_one("#treat-skill", Static)
        doctor = self.party.find(self.doctor_id())
        if doctor is None:
            line.update(Text("Choose the doctor.", "dim"))
            return
        try:
            skill = doctor_skill(doctor, healing_table().procedure(self.procedure()))
        except RulesError as exc:
            line.update(Text(f"{exc}.", "red"))
            return
        line.update(Text(f"{doctor.name} rolls {skill.describe()}"))

    def request(self) -> TreatmentRequest:
        """The form as a request; ValueError says what to fix (nothing is rolled)."""
        patient = self.chosen("the patient")
        doctor_id = self.doctor_id()
        if doctor_id is None:
            raise ValueError("choose the doctor")
        step = self.query_one("#treat-step", NumberField).number or 0  # blank: no step
        return TreatmentRequest(doctor_id, patient.id, self.procedure(), step)


def rates_text() -> str:
    """The rest rates of tables/healing.yaml, short: `stun all · wound 2 per 7 days ...`."""
    parts = []
    for track, rate in healing_table().rest.items():
        if rate.all:
            parts.append(f"{track} all")
        elif rate.points:
            every = "a day" if rate.every_days == 1 else f"per {rate.every_days} days"
            stable = " once stabilized" if rate.needs_stabilized else ""
            parts.append(f"{track} {rate.points} {every}{stable}")
    return " · ".join(parts)


class RestDialog(SavingDialog[RestRequest, Rested]):
    """Days of rest for one character or the whole party; returns what was saved."""

    def __init__(
        self,
        party: Party,
        save: Callable[[RestRequest], Rested],
        character_id: str | None = None,
    ) -> None:
        super().__init__(save)
        self.party = party
        self.who = character_id if character_id in party.ids else WHOLE_PARTY

    def compose(self) -> ComposeResult:
        with Vertical(id="rest-box", classes="dialog-box") as box:
            box.border_title = "Rest"
            characters = [(c.name, c.id) for c in self.party.characters]
            who = [("the whole party", WHOLE_PARTY), *characters]
            days = number_field("rest-days", 1, healing_table().max_rest_days, "1", "", "number")
            yield form_row("Who", choice(who, self.who, "rest-who"), "Days", days)
            yield Static(classes="dialog-message")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show_hint()
        self.query_one("#rest-days", Input).focus()

    def _show_hint(self) -> None:
        self.message(
            f"Healing per rest: {rates_text()}. The dying and the dead do not rest. "
            "Enter or ctrl+s saves, escape cancels."
        )

    @on(Select.Changed, "#rest-who")
    def _who_changed(self, event: Select.Changed) -> None:
        """A refusal about the character chosen goes when another choice is made."""
        self.who = event.value if isinstance(event.value, str) else WHOLE_PARTY
        chosen = self.party.find(self.who)
        why = rest_refusal(chosen) if chosen is not None else None
        if why is not None:
            self.message(f"{why}.", error=True)
        else:
            self._show_hint()

    def request(self) -> RestRequest:
        days = self.query_one("#rest-days", NumberField).number
        if days is None:  # left blank: the field refuses anything else before the save
            raise ValueError("Days: a whole number of days, not ''")
        who = () if self.who == WHOLE_PARTY else (self.who,)
        return RestRequest(days, who)
