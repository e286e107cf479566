"""The Stations tab's station keys: assign, move, off station, posture, lead, unassign,
the next ship, and Enter's roll of the check a row shows. Each asks an action of
`gmtool.actions.party` (or `station_rolls`) and shows what it did or why not."""

from __future__ import annotations

from rich.text import Text

from gmtool.actions import party as party_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.party import StationChanged, place_name
from gmtool.actions.station_rolls import roll_station_check
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import Assignment, assignment_of, station_table
from gmtool.tui.dialogs import ChoiceDialog
from gmtool.tui.dialogs.choice import TITLE_ROOM
from gmtool.tui.styles import DEGREE_STYLE
from gmtool.tui.tabs.stations.board import doing
from gmtool.tui.tabs.stations.view import StationsView


class StationKeys(StationsView):
    """The keys that put the party at stations, and the board's roll."""

    def _now(self, assignment: Assignment) -> str:
        """Where a character is, short: 'at Command', 'in sickbay', 'on CSS Tenacity, at
        Command' (the ship said only when it is not the one shown)."""
        place = place_name(assignment.place)
        words = f"at {place}" if assignment.station_id is not None else place[0].lower() + place[1:]
        if assignment.ship_id != self.ship_id:
            words = f"on {self._ship_name(assignment.ship_id)}, {words}"
        return words

    def _where_words(self, assignment: Assignment) -> str:
        """'at the Bridge station of CSS Meridian', 'in sickbay (CSS Meridian)'."""
        ship = self._ship_name(assignment.ship_id)
        if assignment.station_id is not None:
            return f"at the {place_name(assignment.place)} station of {ship}"
        place = place_name(assignment.place)
        return f"{place[0].lower()}{place[1:]} ({ship})"

    def _place_options(self, ship_id: str, off_only: bool = False) -> list[tuple[str, Text]]:
        table = station_table()
        options: list[tuple[str, Text]] = []
        board = self.board if self.board and self.board.ship_id == ship_id else None
        if not off_only:
            for station in table.stations.values():
                who = ""
                if board is not None:
                    names = [o.name for o in board.line(station.id).occupants]
                    who = ", ".join(names)
                options.append(
                    (station.id, Text.assemble(station.name, (f"  {who}" if who else "", "dim")))
                )
        for place in table.off_station.values():
            options.append((place.id, Text(place.name, style="italic")))
        return options

    def _character_options(self, place: str) -> list[tuple[str, Text]]:
        """The party for "who goes to `place`": the unassigned first, then the placed ones,
        each saying where they are now and that choosing them moves them here."""
        unplaced = [c for c in self.party.characters if self._where(c).plain == "unassigned"]
        placed = [c for c in self.party.characters if c not in unplaced]
        options = [(c.id, Text.assemble(c.name, "\n  ", self._where(c))) for c in unplaced]
        for character in placed:
            assignment = assignment_of(self.party.assignments, character.id)
            if assignment is None:
                continue
            now = self._now(assignment)
            here = assignment.ship_id == self.ship_id and assignment.place == place
            options.append(
                (
                    character.id,
                    Text.assemble(
                        character.name,
                        "\n  ",
                        (f"now {now}", "dim"),
                        (" · already here" if here else " · moves here", "dim italic"),
                    ),
                )
            )
        return options

    # -- station actions --------------------------------------------------------------------
    def action_assign(self) -> None:
        if self._refused():
            return
        self._place_or_pick(moving=False)

    def action_move(self) -> None:
        if self._refused():
            return
        self._place_or_pick(moving=True)

    def _place_or_pick(self, moving: bool) -> None:
        ship_id = self._need_ship()
        if ship_id is None:
            return
        if not self.party.characters:
            self.show_status(
                "No characters yet: n creates one, i imports a party file.", error=True
            )
            return
        from_board_character = (
            moving and not self._list_focused() and self.rows and self._row().character_id
        )
        if self._list_focused() or from_board_character:
            who = self._selected_character()
            if who is None:
                return
            initial = self._row().place if self.rows and self._list_focused() else None
            current = assignment_of(self.party.assignments, who)
            # the list below is the places: the title asks which ('Where to put Captain
            # Rhea Vos?'), naming the ship when there is room
            title = f"Where to {'move' if moving else 'put'} {self._char_name(who)}?"
            if current is not None:  # a placed character can only move
                title = f"Where to move {self._char_name(who)}, now {self._now(current)}?"
            if len(title) + len(self._ship_name(ship_id)) + 3 <= TITLE_ROOM:
                title += f" ({self._ship_name(ship_id)})"

            def place_chosen(place: str | None) -> None:
                if place is not None:
                    self._put(who, ship_id, place, moving)

            self.app.push_screen(
                ChoiceDialog(title, self._place_options(ship_id), initial),
                place_chosen,
            )
            return
        if not self.rows:
            return
        place = self._row().place

        def character_chosen(who: str | None) -> None:
            if who is not None:
                self._put(who, ship_id, place, moving)

        self.app.push_screen(
            ChoiceDialog(
                f"Who goes to {place_name(place)}? ({self._ship_name(ship_id)})",
                self._character_options(place),
            ),
            character_chosen,
        )

    def _put(self, who: str, ship_id: str, place: str, moving: bool) -> None:
        """Put a character at a place: assign when unplaced, else move (the lists say so)."""
        name = self._char_name(who)
        where = f"{place_name(place)} ({self._ship_name(ship_id)})"
        current = assignment_of(self.party.assignments, who)
        if current is not None and (current.ship_id, current.place) == (ship_id, place):
            self.show_status(f"Not changed: {name} is already {self._where_words(current)}.")
            return
        campaign = self.campaign
        if current is None and not moving:
            self._change(lambda: party_actions.assign_station(campaign, who, ship_id, place))
            return
        said = f"Moved {name} to {where}."
        if current is not None:
            said = f"Moved {name} to {where}; was {self._now(current)}."
        self._change(
            lambda: party_actions.move_to_station(campaign, who, ship_id, place),
            done=lambda _changed: said,
        )

    def action_off_station(self) -> None:
        if self._refused():
            return
        who = self._need_character("send off station")
        if who is None:
            return
        current = assignment_of(self.party.assignments, who)
        ship_id = current.ship_id if current else self._need_ship()
        if ship_id is None:
            return

        def chosen(place: str | None) -> None:
            if place is not None:
                self._put(who, ship_id, place, moving=True)

        self.app.push_screen(
            ChoiceDialog(
                f"Where is {self._char_name(who)}? ({self._ship_name(ship_id)})",
                self._place_options(ship_id, off_only=True),
            ),
            chosen,
        )

    def action_posture(self) -> None:
        if self._refused():
            return
        who = self._need_character("change posture of")
        if who is None:
            return
        postures = list(station_table().postures)
        current = assignment_of(self.party.assignments, who)
        now = current.posture if current else postures[0]
        new = postures[(postures.index(now) + 1) % len(postures)]
        self._change(lambda: party_actions.set_station_posture(self.campaign, who, new))

    def action_lead(self) -> None:
        if self._refused():
            return
        who = self._need_character("lead with")
        if who is None:
            return
        current = assignment_of(self.party.assignments, who)
        if current is None or current.station_id is None:
            self.show_status(
                f"{self._char_name(who)} is at no station: only a station has a task.", True
            )
            return
        station = station_table().stations[current.station_id]
        if station.directs:
            self._choose_team(who, current)
            return
        occupant = self.board.occupant(who) if self.board else None
        doing = occupant.task if occupant is not None else current.task
        task = "leading" if doing == "hands_on" or current.task == "hands_on" else "hands_on"
        self._set_task(current, task, None)

    def _choose_team(self, who: str, current: Assignment) -> None:
        table = station_table()
        station = table.stations[current.station_id or ""]
        options: list[tuple[str, Text | str]] = [("auto", "Let the board choose (auto)")]
        if station.hands_on:
            options.append(("hands_on", f"Hands-on: {table.rolls[station.roll or ''].name}"))
        if station.leadable:
            options.append((f"lead:{station.id}", f"Lead the {station.name} team"))
        options += [
            (f"lead:{s}", f"Lead the {table.stations[s].name} team")
            for s in station.directs
            if table.stations[s].leadable
        ]
        initial = f"lead:{current.leads}" if current.leads else current.task

        def chosen(choice: str | None) -> None:
            if choice is None:
                return
            if choice.startswith("lead:"):
                target = choice.removeprefix("lead:")
                self._set_task(current, "leading", None if target == station.id else target)
            else:
                self._set_task(current, choice, None)

        self.app.push_screen(
            ChoiceDialog(
                f"What does {self._char_name(who)} do at {station.name}?", options, initial
            ),
            chosen,
        )

    def _set_task(self, current: Assignment, task: str, leads: str | None) -> None:
        who = current.character_id
        name = self._char_name(who)

        def done(changed: StationChanged) -> str:
            occupant = self.board.occupant(who) if self.board else None
            if task == "auto" and occupant is not None:
                return f"{name}: the board chooses ({doing(occupant)} now)."
            if task == "hands_on":
                return f"{name} works hands-on."
            return f"{changed.label}."

        self._change(
            lambda: party_actions.set_task(self.campaign, who, task, leads),
            done=done,
        )

    def action_unassign(self) -> None:
        if self._refused():
            return
        who = self._need_character("unassign")
        if who is None:
            return
        self._change(lambda: party_actions.leave_station(self.campaign, who))

    def action_next_ship(self) -> None:
        if self._refused():
            return
        if not self.ships:
            self.show_status("The campaign has no ships yet.", error=True)
            return
        ids = [s.id for s in self.ships]
        index = ids.index(self.ship_id) if self.ship_id in ids else -1
        self._set_ship(ids[(index + 1) % len(ids)])
        self.show_status(f"Showing {self._ship_name(self.ship_id or '')}.")

    def action_roll_check(self) -> None:
        """Enter on a board row: roll exactly the check the row shows, into the log."""
        if self._refused() or not self.rows or self.ship_id is None:
            return
        row = self._row()
        if row.check is None:
            self.show_status(
                "Nothing to roll on this row: no one here rolls this round.", error=True
            )
            return
        ship_id = self.ship_id
        try:
            rolled = roll_station_check(self.campaign, ship_id, row.place, row.character_id)
        except (RulesError, StoreError) as exc:
            self.show_status(f"Not rolled: {exc}", error=True)
            return
        self.mark_made_here()
        result = rolled.result
        self.show_status(
            Text.assemble(
                f"{rolled.purpose}: {result.dice_text()} -> ",
                (result.degree.label, DEGREE_STYLE.get(result.degree.value, "")),
                " (in the log; ctrl+z undoes)",
            )
        )
