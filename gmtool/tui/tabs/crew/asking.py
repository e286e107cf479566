"""How the Crew tab asks for each order: each function opens the form, file or question of a
key and hands the order given to `Asker.then` (the pane: it carries it out, returning the
refusal for a form to show); an order not given is said with `say`. They never take the pane."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from textual.app import App

from gmtool.actions import ship_condition as cond
from gmtool.actions.reads import ships as ship_reads
from gmtool.rules.ships import ShipSpec
from gmtool.tui.dialogs import ConfirmDialog, build_ahead, kept_dialog
from gmtool.tui.tabs.crew import dialogs, orders
from gmtool.tui.tabs.crew.condition import MEND_QUESTIONS, RepairDialog
from gmtool.tui.tabs.crew.ship_form import ShipFormScreen

Then = Callable[[orders.ShipOrder], "str | None"]
Names = tuple[str, ...]
NEW_SHIP_FORM = "crew-new-ship-form"  # the name the blank ship form is kept under
REGENERATE_QUESTION = "crew-regenerate-question"  # and the question before r


class Asker(NamedTuple):
    """What an order asks through: the app's dialogs, `then` and `say`."""

    app: App[Any]
    then: Then
    say: Callable[[str], None]

    def if_yes(self, order: orders.ShipOrder, kept: str) -> Callable[[Any], None]:
        """A question's answer: the order on yes, else `kept` said."""

        def answered(yes: Any) -> None:
            if yes:
                self.then(order)
            else:
                self.say(kept)

        return answered

    def if_none(self, words: str) -> Callable[[Any], None]:
        """A dialog's answer: `words` said when it was cancelled."""
        return lambda answer: None if answer else self.say(words)


def build_new_ship_form_ahead(app: App[Any]) -> None:
    """The blank ship form built while the GM reads the tab: n then only shows it."""
    build_ahead(app, NEW_SHIP_FORM, lambda: ShipFormScreen(None, None))


def ask_new_ship(ask: Asker) -> None:
    """The blank ship form: built the first time, then kept and made blank again."""
    add = lambda spec: ask.then(orders.AddShip(spec))  # noqa: E731
    new_form = lambda: ShipFormScreen(None, add)  # noqa: E731
    form = kept_dialog(ask.app, NEW_SHIP_FORM, ShipFormScreen, new_form, lambda f: f.renew(add))
    ask.app.push_screen(form, ask.if_none("No ship added."))


def ask_edit(ask: Asker, record: ship_reads.ShipRecord) -> None:
    """The ship form on the ship's spec (saved unchanged: nothing to do)."""

    def save(spec: ShipSpec) -> str | None:
        if spec != record.spec:
            return ask.then(orders.EditShip(record.id, spec))
        ask.say(f"{record.name} is unchanged.")
        return None

    ask.app.push_screen(
        ShipFormScreen(record.spec, save), ask.if_none(f"{record.name} is unchanged.")
    )


def ask_import(ask: Asker, after: Callable[[], None]) -> None:
    """The spec file and side to import; `after` runs once the dialog is closed."""

    def closed(imported: bool | None) -> None:
        if not imported:
            ask.say("Nothing imported.")
        after()

    attempt = lambda path, side: ask.then(orders.ImportShip(path, side))  # noqa: E731
    ask.app.push_screen(dialogs.ImportDialog(attempt), closed)


def ask_export(
    ask: Asker, record: ship_reads.ShipRecord, what: str, export: dialogs.Export
) -> None:
    """What to export (`what` first), the format and the file; `export` writes it."""

    def done(request: dialogs.ExportRequest | None) -> None:
        if request is not None:
            ask.say(f"Exported the {request.what} of {record.name} to {request.path}.")

    ask.app.push_screen(dialogs.ExportDialog(record.id, record.name, what, export), done)


def ask_delete(ask: Asker, record: ship_reads.ShipRecord, aboard: Names, battles: Names) -> None:
    """Asked first; with characters aboard or a battle open, it says they go with it."""
    order = orders.DeleteShip(record.id, bool(aboard), bool(battles))
    answered = ask.if_yes(order, f"{record.name} is kept.")
    question = dialogs.delete_question(record.name, aboard, battles)
    ask.app.push_screen(
        question, lambda yes: answered(yes is True or yes == dialogs.DELETE_AND_UNASSIGN)
    )


def ask_regenerate(ask: Asker, crew: ship_reads.ShipCrew) -> None:
    """Asked first, saying what today's crew rules give."""
    question, detail = dialogs.regenerate_words(ship_reads.compare_manifest(crew))
    # kept: a question built anew is composed again, and lays the tab behind out again
    asked = kept_dialog(
        ask.app, REGENERATE_QUESTION, ConfirmDialog,
        lambda: ConfirmDialog(question, detail=detail, danger=True),
        lambda kept: kept.ask_again(question, detail),
    )  # fmt: skip
    order = orders.RegenerateCrew(crew.record.id)
    ask.app.push_screen(asked, ask.if_yes(order, f"The crew of {crew.record.name} is kept."))


def ask_condition(ask: Asker, action: str, view: cond.ConditionView) -> None:
    """A key that mends a ship: days and where for a repair, new crew at once, and restore
    or scrap asked first."""
    ship = view.ship_id
    if action == "repair_ship":
        repair = lambda days, where: ask.then(orders.RepairShip(ship, days, where))  # noqa: E731
        ask.app.push_screen(RepairDialog(view.name, repair))
    elif action == "replace_crew":
        ask.then(orders.ReplaceCrew(ship))
    else:
        order = orders.ScrapShip(ship) if action == "scrap_ship" else orders.RestoreShip(ship)
        question, detail = MEND_QUESTIONS[action]
        asked = ConfirmDialog(question.format(name=view.name), detail=detail, danger=True)
        ask.app.push_screen(asked, ask.if_yes(order, "Nothing changed."))
