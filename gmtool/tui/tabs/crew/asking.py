"""How the Crew tab asks for each order: each function opens the form, file or question of a
key and hands the order given to `then` (the pane: it carries it out, returning the refusal
for a form to show); an order not given is said with `say`. They never take the pane."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App

from gmtool.actions import ship_condition as cond
from gmtool.actions.reads import ships as ship_reads
from gmtool.rules.ships import ShipSpec
from gmtool.tui.dialogs import ConfirmDialog, build_ahead, kept_dialog
from gmtool.tui.tabs.crew import dialogs, orders
from gmtool.tui.tabs.crew.condition import RepairDialog, restore_question, scrap_question
from gmtool.tui.tabs.crew.ship_form import ShipFormScreen

Then = Callable[[orders.ShipOrder], "str | None"]
Say = Callable[[str], None]
Names = tuple[str, ...]
NEW_SHIP_FORM = "crew-new-ship-form"  # the name the blank ship form is kept under
REGENERATE_QUESTION = "crew-regenerate-question"  # and the question before r


def if_yes(order: orders.ShipOrder, then: Then, say: Say, kept: str) -> Callable[[Any], None]:
    """A question's answer: the order on yes, else `kept` said."""

    def answered(yes: Any) -> None:
        if yes:
            then(order)
        else:
            say(kept)

    return answered


def if_none(say: Say, words: str) -> Callable[[Any], None]:
    """A dialog's answer: `words` said when it was cancelled."""
    return lambda answer: None if answer else say(words)


def build_new_ship_form_ahead(app: App[Any]) -> None:
    """The blank ship form built while the GM reads the tab: n then only shows it."""
    build_ahead(app, NEW_SHIP_FORM, lambda: ShipFormScreen(None, None))


def ask_new_ship(app: App[Any], then: Then, say: Say) -> None:
    """The blank ship form: built the first time, then kept and made blank again."""
    add = lambda spec: then(orders.AddShip(spec))  # noqa: E731
    new_form = lambda: ShipFormScreen(None, add)  # noqa: E731
    form = kept_dialog(app, NEW_SHIP_FORM, ShipFormScreen, new_form, lambda f: f.renew(add))
    app.push_screen(form, if_none(say, "No ship added."))


def ask_edit(app: App[Any], record: ship_reads.ShipRecord, then: Then, say: Say) -> None:
    """The ship form on the ship's spec (saved unchanged: nothing to do)."""

    def save(spec: ShipSpec) -> str | None:
        if spec != record.spec:
            return then(orders.EditShip(record.id, spec))
        say(f"{record.name} is unchanged.")
        return None

    app.push_screen(ShipFormScreen(record.spec, save), if_none(say, f"{record.name} is unchanged."))


def ask_import(app: App[Any], then: Then, say: Say, after: Callable[[], None]) -> None:
    """The spec file and side to import; `after` runs once the dialog is closed."""

    def closed(imported: bool | None) -> None:
        if not imported:
            say("Nothing imported.")
        after()

    attempt = lambda path, side: then(orders.ImportShip(path, side))  # noqa: E731
    app.push_screen(dialogs.ImportDialog(attempt), closed)


def ask_export(
    app: App[Any], record: ship_reads.ShipRecord, what: str, export: dialogs.Export, say: Say
) -> None:
    """What to export (`what` first), the format and the file; `export` writes it."""

    def done(request: dialogs.ExportRequest | None) -> None:
        if request is not None:
            say(f"Exported the {request.what} of {record.name} to {request.path}.")

    app.push_screen(dialogs.ExportDialog(record.id, record.name, what, export), done)


def ask_delete(
    app: App[Any],
    record: ship_reads.ShipRecord,
    aboard: Names,
    battles: Names,
    then: Then,
    say: Say,
) -> None:
    """Asked first; with characters aboard or a battle open, it says they go with it."""
    order = orders.DeleteShip(record.id, record.name, bool(aboard), bool(battles))
    answered = if_yes(order, then, say, f"{record.name} is kept.")
    question = dialogs.delete_question(record.name, aboard, battles)
    app.push_screen(
        question, lambda yes: answered(yes is True or yes == dialogs.DELETE_AND_UNASSIGN)
    )


def ask_regenerate(app: App[Any], crew: ship_reads.ShipCrew, then: Then, say: Say) -> None:
    """Asked first, saying what today's crew rules give."""
    question, detail = dialogs.regenerate_words(ship_reads.compare_manifest(crew))
    # kept: a question built anew is composed again, and lays the tab behind out again
    asked = kept_dialog(
        app, REGENERATE_QUESTION, ConfirmDialog,
        lambda: ConfirmDialog(question, detail=detail, danger=True),
        lambda kept: kept.ask_again(question, detail),
    )  # fmt: skip
    order = orders.RegenerateCrew(crew.record.id)
    app.push_screen(asked, if_yes(order, then, say, f"The crew of {crew.record.name} is kept."))


def ask_condition(
    app: App[Any], action: str, view: cond.ConditionView, then: Then, say: Say
) -> None:
    """A key that mends a ship: days and where for a repair, new crew at once, and restore
    or scrap asked first."""
    ship = view.ship_id
    if action == "repair_ship":
        repair = lambda days, where: then(orders.RepairShip(ship, days, where))  # noqa: E731
        app.push_screen(RepairDialog(view.name, repair))
    elif action == "replace_crew":
        then(orders.ReplaceCrew(ship))
    else:
        scrap = action == "scrap_ship"
        order = orders.ScrapShip(ship) if scrap else orders.RestoreShip(ship)
        question = scrap_question(view) if scrap else restore_question(view)
        app.push_screen(question, if_yes(order, then, say, "Nothing changed."))
