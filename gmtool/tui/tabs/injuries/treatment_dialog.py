"""Treatment and direct damage dialogs of the Injuries tab.

Treatment gives points back to one track (first aid, surgery, a week's rest) with the GM's
note, and can stabilize a dying character. Direct damage is the GM's own ruling (a fall, a
console blast): a number, or dice such as `d6+1w` that are rolled and logged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Generic, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Select, Static

from gmtool.actions.errors import StoreError
from gmtool.actions.injuries import DamageRequest, TreatmentRequest, damage_amount
from gmtool.actions.reads.injuries import InjuryEntry
from gmtool.rules.characters import Character, Party
from gmtool.rules.errors import RulesError
from gmtool.rules.limits import MAX_HULL_POINTS
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.injuries.injury_text import tracks, tracks_line
from gmtool.tui.widgets.compact import choice, form_row, note_field, number_field
from gmtool.tui.widgets.number_field import NumberField

Request = TypeVar("Request")
Saved = TypeVar("Saved")


SAVE_KEY = save_action("save", "Save", "Check the form and save it")
ROLL_KEY = save_action("save", "Roll", "Roll and save", ("ctrl+r",))


class SavingDialog(GmDialog[Saved | None], Generic[Request, Saved]):
    """A form that saves through an action: its save key (ctrl+s, or ctrl+r where it rolls)
    or Enter reads the fields into a request (`request`; a ValueError says what to fix) and
    hands it to `save`. What was saved is returned; a refusal is shown in the dialog, which
    stays open, so nothing is saved until every value is accepted."""

    DEFAULT_CSS = tab_css(__file__, "dialogs.tcss")
    ACTIONS = (SAVE_KEY,)  # a form that rolls as it saves has ROLL_KEY instead
    request: Callable[[], Request]  # each form reads its own fields

    def __init__(self, save: Callable[[Request], Saved]) -> None:
        super().__init__()
        self._save = save

    def message(self, text: str, *, error: bool = False) -> None:
        status = self.query_one(".dialog-message", Static)
        status.set_class(error, "error")
        status.update(text)

    def action_save(self) -> None:
        try:
            saved = self._save(self.request())
        except (ValueError, RulesError, StoreError) as exc:
            self.message(f"Not saved: {exc}.", error=True)
            return
        self.dismiss(saved)


class CharacterDialog(SavingDialog[Request, InjuryEntry]):
    """A dialog about one character of the party, chosen in its first row; returns the
    saved injury entry."""

    CHARACTER_LABEL = "Character"  # the first row's label (the treatment's: Patient)
    HINT: ClassVar[str] = ""  # the message line's words until a refusal
    FIRST_FIELD: ClassVar[str] = ""  # where the cursor starts

    def __init__(
        self,
        party: Party,
        save: Callable[[Request], InjuryEntry],
        character_id: str | None = None,
    ) -> None:
        super().__init__(save)
        self.party = party
        ids = [c.id for c in party.characters]
        self.character_id = character_id if character_id in ids else (ids[0] if ids else None)

    def character_row(self) -> ComposeResult:
        options = [(c.name, c.id) for c in self.party.characters]
        who = choice(options, self.character_id, "dialog-character", classes="who")
        yield form_row(self.CHARACTER_LABEL, who)
        yield Static(id="dialog-tracks", classes="tracks-line")

    def on_mount(self) -> None:
        self.show_tracks()
        self.message(self.HINT)
        self.query_one(self.FIRST_FIELD).focus()

    @property
    def character(self) -> Character | None:
        return self.party.find(self.character_id)

    def chosen(self, who: str) -> Character:
        """The character chosen; a ValueError asks for `who` when there is none."""
        if self.character is None:
            raise ValueError(f"choose {who}")
        return self.character

    @on(Select.Changed, "#dialog-character")
    def _character_changed(self, event: Select.Changed) -> None:
        self.character_id = event.value if isinstance(event.value, str) else None
        self.show_tracks()
        self.character_changed()

    def character_changed(self) -> None:
        """Hook: the dialog adjusts its fields to the newly chosen character."""

    def show_tracks(self) -> None:
        character = self.character
        line = self.query_one("#dialog-tracks", Static)
        line.update(tracks_line(character) if character else Text("no character", "dim"))


class TreatmentDialog(CharacterDialog[TreatmentRequest]):
    """Points back on one track with a note, or stabilize; returns the saved entry."""

    HINT = (
        "Points restored to the track; stabilize stops a dying character's decline. "
        "Enter or ctrl+s saves, escape cancels."
    )
    FIRST_FIELD = "#treat-points"

    def compose(self) -> ComposeResult:
        with Vertical(id="treatment-box", classes="dialog-box") as box:
            box.border_title = "Healing by ruling"
            yield from self.character_row()
            options = [(t, t) for t in tracks()]
            track = choice(options, self._worst_track(), "treat-track", classes="small-select")
            points = number_field("treat-points", 0, MAX_HULL_POINTS, "", "0", "number")
            stabilize = Checkbox("stabilize", False, id="treat-stabilize", compact=True)
            yield form_row("Track", track, "Points", points, stabilize)
            note = note_field("treat-note", "first aid, surgery, a week's rest ...")
            yield form_row("Note", note)
            yield Static(classes="dialog-message")
        yield KeyFooter()

    def _worst_track(self) -> str:
        character = self.character
        if character is not None:
            for track in reversed(tracks()):
                if character.damage.get(track, 0) > 0:
                    return track
        return tracks()[0]

    def character_changed(self) -> None:
        self.query_one("#treat-track", Select).value = self._worst_track()

    def request(self) -> TreatmentRequest:
        """The form as a request; ValueError says what to fix (nothing is saved)."""
        character = self.chosen("the character to treat")
        track = self.query_one("#treat-track", Select).value
        if not isinstance(track, str):
            raise ValueError("choose the track to heal")
        # the field takes only a number from 0 up before the save runs; blank is none
        points = self.query_one("#treat-points", NumberField).number or 0
        stabilize = self.query_one("#treat-stabilize", Checkbox).value
        marked = character.damage.get(track, 0)
        if points > marked:
            raise ValueError(
                f"Points: {character.name} has {marked} {track} marked, so at most {marked} "
                f"can be restored, not {points}"
            )
        if points == 0 and not stabilize:
            raise ValueError("Points: restore at least 1 point, or tick stabilize")
        note = self.query_one("#treat-note", Input).value.strip()
        return TreatmentRequest(character.id, track, points, note, stabilize)


class DamageDialog(CharacterDialog[DamageRequest]):
    """Damage by the GM's ruling; returns the saved entry."""

    HINT = (
        "A number, or dice (rolled and logged). Secondary damage and overflow apply. "
        "Enter or ctrl+s saves, escape cancels."
    )
    FIRST_FIELD = "#damage-amount"

    def __init__(
        self,
        party: Party,
        save: Callable[[DamageRequest], InjuryEntry],
        character_id: str | None = None,
        *,
        battle: str = "",
        round_text: str = "",
    ) -> None:
        super().__init__(party, save, character_id)
        self._battle = battle
        self._round = round_text

    def compose(self) -> ComposeResult:
        with Vertical(id="damage-box", classes="dialog-box") as box:
            box.border_title = "Direct damage"
            yield from self.character_row()
            amount = Input(placeholder="5 or d6+1w", id="damage-amount", compact=True)
            kind = "wound" if "wound" in tracks() else tracks()[0]
            kinds = [(t, t) for t in tracks()]
            yield form_row(
                "Amount", amount, "Kind", choice(kinds, kind, "damage-kind", classes="small-select")
            )
            yield form_row("Cause", note_field("damage-cause", "a fall, a console blast ..."))
            battle = Input(
                self._battle,
                placeholder="optional",
                id="damage-battle",
                classes="wide",
                compact=True,
            )
            round_number = number_field("damage-round", 1, None, self._round, "—", "number")
            yield form_row("Battle", battle, "Round", round_number)
            yield Static(classes="dialog-message")
        yield KeyFooter()

    def request(self) -> DamageRequest:
        """The form as a request; ValueError says what to fix (nothing is saved)."""
        character = self.chosen("the character who is hurt")
        kind = self.query_one("#damage-kind", Select).value
        if not isinstance(kind, str):
            raise ValueError("choose the kind of damage")
        amount = self.query_one("#damage-amount", Input).value.strip()
        damage_amount(amount, kind)  # refuses a bad amount before anything is rolled
        round_ = self.query_one("#damage-round", NumberField).number
        cause = self.query_one("#damage-cause", Input).value.strip() or "direct damage"
        battle = self.query_one("#damage-battle", Input).value.strip() or None
        return DamageRequest(character.id, amount, kind, cause, battle, round_)
