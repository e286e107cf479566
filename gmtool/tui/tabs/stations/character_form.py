"""The character editor for a player character or named NPC: name, kind, player, the six
abilities, skills, and the damage on the durability tracks (derived from Constitution, shown
as the GM types).

Nothing is checked here that the rules do not check: `character_from_dict` validates the
whole form, and `form_problem` puts its refusal in the GM's words at the top, with the
cursor in the field it names. The typed request goes to the tab's `save`; a refusal there
keeps the form open with what the GM typed.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Checkbox, DataTable, Input, Select, Static

from gmtool.actions.errors import StoreError
from gmtool.actions.party import DuplicateName
from gmtool.rules.characters import Character, character_from_dict, character_table, skill_label
from gmtool.rules.durability import character_state, damage_rules, durability_tracks
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.limits import MAX_NAME_CHARS, MAX_TEXT_CHARS
from gmtool.tui.action_table import TabAction, bindings
from gmtool.tui.dialogs.base import GmDialog, save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import state_text, tab_css
from gmtool.tui.tabs.stations.party_orders import (
    AddCharacter,
    CharacterRequest,
    EditCharacter,
    Save,
)
from gmtool.tui.tabs.stations.skill_field import skill_from_typing, skill_suggester
from gmtool.tui.widgets.compact import choice, form_row, number_field
from gmtool.tui.widgets.form_errors import needs_text
from gmtool.tui.widgets.number_field import NumberField
from gmtool.tui.widgets.text_field import TextField


def form_problem(exc: RulesError) -> tuple[str | None, str]:
    """The field a refusal is about (the widget id, None when no one field) and what to do,
    in the GM's words: "Name: type the character's name." The rules name a key of the saved
    character ('abilities.constitution'); the form has fields."""
    if not isinstance(exc, TableError):
        return None, str(exc)
    table = character_table()
    head, _, rest = exc.key.partition(".")
    got = exc.got
    shown = "" if got is None or got == "" else f", not {got}"
    if head == "name":
        if not got:
            return "char-name", "Name: type the character's name."
        return "char-name", f"Name: use at least one letter or digit{shown}."
    if head == "player":
        if got is None:
            return "char-player", "Player: type who plays this PC (or make the kind NPC)."
        return "char-player", "Player: an NPC has no player (or make the kind PC)."
    if head == "abilities" and rest in table.abilities:
        ability = table.abilities[rest]
        span = f"{table.ability_min} to {table.ability_max}"
        if got is None:
            needed = f"{ability.name}: type a score from {span} (every character needs one)."
            return f"ability-{rest}", needed
        return f"ability-{rest}", f"{ability.name}: a whole number from {span}{shown}."
    if head == "damage" and rest in damage_rules().tracks:
        return f"damage-{rest}", f"Damage, {rest}: {exc.expected}{shown}."
    if head == "skills" and rest in table.skills:
        span = f"{table.skill_min} to {table.skill_max}"
        return "skill-choice", f"{skill_label(rest)}: a score from {span}{shown}."
    field = exc.key.replace(".", " ").replace("_", " ").strip().capitalize() or "The form"
    return None, f"{field}: {needs_text(exc)}."


class SkillTable(DataTable[Any]):
    """The character's skills; enter edits the highlighted one, delete removes it (the form
    does both)."""

    BINDINGS = bindings(  # type: ignore[assignment]
        (
            TabAction("enter", "screen.edit_skill", "Edit skill", "Edit the highlighted skill"),
            TabAction("delete", "screen.remove_skill", "Remove skill",
                      "Remove the highlighted skill", keys=("backspace",)),
        )
    )  # fmt: skip


class CharacterForm(GmDialog[CharacterRequest | None]):
    """Create or edit one character; returns the request saved, or None when cancelled."""

    DEFAULT_CSS = tab_css(__file__, "character_form.tcss")

    ACTIONS = (save_action("save", "Save", "Check the form and save the character"),)
    OWN_ENTER = frozenset({"skill-choice", "skill-score"})

    def __init__(self, save: Save, character: Character | None = None) -> None:
        super().__init__()
        self.character = character
        self._save = save
        self.skills: dict[str, int] = dict(character.skills) if character else {}
        self._skills_at_start = dict(self.skills)

    # -- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        table = character_table()
        c = self.character
        kinds = [(kind_id.upper(), kind_id) for kind_id in table.kinds]
        name = TextField(c.name if c else "", id="char-name", limit=MAX_NAME_CHARS, compact=True)
        kind = choice(kinds, c.kind if c else "pc", "char-kind")
        player = TextField((c.player or "") if c else "", placeholder="who plays",
                           id="char-player", limit=MAX_NAME_CHARS, compact=True)  # fmt: skip
        abilities: list[str | Widget] = []
        for ability_id, ability in table.abilities.items():
            value = c.abilities.get(ability_id) if c else None
            field = NumberField("" if value is None else str(value), id=f"ability-{ability_id}",
                                classes="ability", minimum=table.ability_min,
                                maximum=table.ability_max, compact=True,
                                tooltip=ability.name)  # fmt: skip
            abilities += [f"{ability.short}{'*' if ability.required else ''}", field]
        damage: list[str | Widget] = ["Damage"]
        for track in damage_rules().tracks:
            marked = str(c.damage.get(track, 0) if c else 0)
            damage += [track, number_field(f"damage-{track}", 0, value=marked, classes="damage")]
        stabilized = Checkbox("stabilized", c.stabilized if c else False, id="char-stabilized",
                              compact=True)  # fmt: skip
        skill = Input(placeholder="type a skill: Tac… → takes it", id="skill-choice",
                      suggester=skill_suggester(), compact=True)  # fmt: skip
        span = f"{table.skill_min}-{table.skill_max}"
        score = number_field("skill-score", table.skill_min, table.skill_max, placeholder=span)
        notes = TextField(c.notes if c else "", id="char-notes", limit=MAX_TEXT_CHARS, compact=True)
        with Vertical(id="character-box", classes="dialog-box") as box:
            box.border_title = f"Edit {c.name}" if c else "New character"
            # at the top, where it is seen on any screen: what went wrong, or how to save
            yield Static(
                "Enter saves; escape cancels. * marks the abilities every character needs.",
                id="form-error",
            )
            with VerticalScroll(id="character-body", can_focus=False):
                yield form_row("Name", name, " Kind", kind, "Player", player)
                yield form_row(*abilities)
                yield Static(id="durability")
                yield form_row(*damage, stabilized)
                with Horizontal(id="skills-row"):
                    yield SkillTable(id="char-skills", cursor_type="row")
                    with Vertical(id="skill-editor"):
                        yield form_row("Skill", skill)
                        yield form_row("Score", score)
                        yield Static(
                            f"Enter in Score adds or sets the skill ({span}). In the list: "
                            "enter edits, delete removes.",
                            id="skill-hint",
                        )
                yield form_row("Notes", notes)
        yield KeyFooter()

    def on_mount(self) -> None:
        skills = self.query_one("#char-skills", SkillTable)
        skills.add_columns("Skill", "Score")
        self._refresh_skills()
        self._refresh_player()
        self._refresh_durability()
        self.query_one("#char-name", Input).focus()

    # -- derived display --------------------------------------------------------------------
    def _refresh_skills(self, highlight: str | None = None) -> None:
        table = self.query_one("#char-skills", SkillTable)
        table.clear()
        order = list(character_table().skills)
        for skill_id in sorted(self.skills, key=order.index):
            table.add_row(skill_label(skill_id), str(self.skills[skill_id]), key=skill_id)
        if highlight in self.skills:
            table.move_cursor(row=table.get_row_index(highlight))

    @on(Select.Changed, "#char-kind")
    def _refresh_player(self) -> None:
        is_npc = self.query_one("#char-kind", Select).value == "npc"
        self.query_one("#char-player", Input).disabled = is_npc

    @on(Input.Changed, ".ability")
    @on(Input.Changed, ".damage")
    @on(Checkbox.Changed)
    def _refresh_durability(self) -> None:
        line = self.query_one("#durability", Static)
        text = self.query_one("#ability-constitution", Input).value.strip()
        try:
            tracks = durability_tracks(int(text))
        except (ValueError, RulesError):
            line.update(Text("Durability: type Constitution to see the tracks", style="dim"))
            return
        parts: list[Any] = [("Durability ", "bold")]
        parts.append("  ".join(f"{t} {size}" for t, size in tracks.items()))
        damage = {t: self._number(f"#damage-{t}") for t in tracks}
        stabilized = self.query_one("#char-stabilized", Checkbox).value
        try:
            marked = {t: d if isinstance(d, int) else 0 for t, d in damage.items()}
            state = character_state(tracks, marked, stabilized)
        except RulesError:
            parts.append(("   damage past a track", "yellow"))
        else:
            parts += ["   state ", state_text(state)]
        line.update(Text.assemble(*parts))

    def _show(self, message: str, error: bool = True) -> None:
        status = self.query_one("#form-error", Static)
        status.set_class(error, "error")
        status.update(message)

    # -- skills -----------------------------------------------------------------------------
    def _typed_skill(self) -> str | None:
        """The skill the Skill field names; None (and says so, naming what was typed) when
        it names none."""
        field = self.query_one("#skill-choice", Input)
        typed = field.value.strip()
        if (skill_id := skill_from_typing(typed)) is None:
            why = "type a skill first (a few letters, then → takes it)"
            if typed:
                why = f"no skill named “{typed}” in the skill list"
            self._show(f"Not added: {why}.")
            field.focus()
        return skill_id

    @on(Input.Submitted, "#skill-choice")
    def _skill_chosen(self) -> None:
        if (skill_id := self._typed_skill()) is not None:
            self._to_score(skill_id)

    def _to_score(self, skill_id: str) -> None:
        """The skill named in the Skill field, the cursor in its score (the saved one, when
        it has one)."""
        self.query_one("#skill-choice", Input).value = skill_label(skill_id)
        score = self.query_one("#skill-score", Input)
        if skill_id in self.skills:
            score.value = str(self.skills[skill_id])
        score.focus()

    @on(Input.Submitted, "#skill-score")
    def set_skill(self) -> None:
        table = character_table()
        choice = self._typed_skill()
        if choice is None:
            return
        text = self.query_one("#skill-score", Input).value.strip()
        score = self._number("#skill-score")
        if not isinstance(score, int) or not table.skill_min <= score <= table.skill_max:
            self._show(
                f"Not added: {skill_label(choice)} needs a score from {table.skill_min} to "
                f"{table.skill_max}, not {text or 'nothing'}."
            )
            return
        self.skills[choice] = score
        self._refresh_skills(highlight=choice)
        self.query_one("#skill-score", Input).value = ""
        self.query_one("#skill-choice", Input).value = ""
        self._show(f"{skill_label(choice)} {score}. ctrl+s saves the character.", error=False)
        self.query_one("#skill-choice", Input).focus()

    def _highlighted_skill(self) -> str | None:
        table = self.query_one("#char-skills", SkillTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return key if key in self.skills else None

    def action_edit_skill(self) -> None:
        if (skill_id := self._highlighted_skill()) is not None:
            self._to_score(skill_id)

    def action_remove_skill(self) -> None:
        skill_id = self._highlighted_skill()
        if skill_id is None:
            self._show("No skill to remove.")
            return
        del self.skills[skill_id]
        self._refresh_skills()
        self._show(f"Removed {skill_label(skill_id)}. ctrl+s saves the character.", error=False)

    # -- saving -----------------------------------------------------------------------------
    def form_data(self) -> dict[str, Any]:
        """The form as a character mapping, for the rules to validate."""
        table = character_table()
        data: dict[str, Any] = {"id": self.character.id} if self.character is not None else {}
        data["name"] = self.query_one("#char-name", Input).value.strip()
        data["kind"] = kind = self.query_one("#char-kind", Select).value
        player = self.query_one("#char-player", Input).value.strip()
        data["player"] = player if kind == "pc" and player else None
        abilities = {a: self._number(f"#ability-{a}") for a in table.abilities}
        data["abilities"] = {k: v for k, v in abilities.items() if v is not None}
        data["skills"] = dict(self.skills)
        data["damage"] = {t: self._number(f"#damage-{t}") or 0 for t in damage_rules().tracks}
        data["stabilized"] = self.query_one("#char-stabilized", Checkbox).value
        data["notes"] = self.query_one("#char-notes", Input).value.strip()
        return data

    def _number(self, selector: str) -> Any:
        """An int for the rules, the text itself when it is not one (the rules say why)."""
        text = self.query_one(selector, Input).value.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            return text

    def action_save(self) -> None:
        try:
            character = character_from_dict(self.form_data(), "character form")
        except RulesError as exc:
            field, message = form_problem(exc)
            self._show(f"Not saved. {message}")
            if field is not None:
                widget = self.query_one(f"#{field}")
                widget.focus()
                widget.scroll_visible(animate=False)
            return
        request = AddCharacter(character) if self.character is None else EditCharacter(character)
        try:
            self._save(request)
        except (RulesError, StoreError) as exc:
            self._show(f"Not saved: {exc}.")
            if isinstance(exc, DuplicateName):
                self.query_one("#char-name", Input).focus()
            return
        self.dismiss(request)

    def unsaved_changes(self) -> bool:
        """A field changed, or a skill was added, changed or removed in the list."""
        return super().unsaved_changes() or self.skills != self._skills_at_start
