"""The footer shows every key the GM can press now, wrapping at 80 columns, never cutting."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gmtool.tui.app import GmApp
from gmtool.tui.footer import FooterItem, KeyFooter, wrap_items
from gmtool.tui.tabs import TAB_CLASSES
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done


def item(key: str, description: str) -> FooterItem:
    return FooterItem(key, key, description, enabled=True)


def test_wrapping_keeps_order_and_width_and_never_splits_a_key() -> None:
    items = [item("a", "Attack"), item("space", "Next step"), item("ctrl+z", "Undo")]
    widths = [i.width for i in items]
    assert wrap_items(items, 200) == [items]
    rows = wrap_items(items, widths[0] + widths[1])
    assert rows == [items[:2], items[2:]]
    assert wrap_items(items, 1) == [[i] for i in items]  # too narrow: one key a row


@pytest.mark.parametrize("spec", TAB_CLASSES, ids=lambda s: s.tab_id)
async def test_every_tab_shows_all_its_keys_at_80_columns(
    app_factory: Callable[..., GmApp], spec
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_tab(spec.tab_id)
        await done(pilot)
        footer = app.screen.query_one(KeyFooter)
        shown = {
            active.binding.action
            for key, active in app.screen.active_bindings.items()
            if active.binding.show or key == app.COMMAND_PALETTE_BINDING
        }
        items = footer.items()
        assert {i.key for i in items} >= {"f1", "ctrl+p"}
        # one item per action, or per group of actions: nothing dropped, nothing twice
        assert sorted(a for i in items for a in i.actions) == sorted(shown)
        rows = wrap_items(items, footer.size.width)
        assert all(sum(i.width for i in row) <= 80 for row in rows)
        assert footer.size.height == len(rows)  # every row is on screen


async def test_an_empty_battle_tab_offers_only_new_and_open(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_tab("battle")
        await done(pilot)
        keys = footer_keys(app)
        assert {"n", "o", "f1"} <= keys
        assert not keys & {"space", "a", "d", "e", "s", "enter"}


async def test_clicking_a_key_presses_it(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        row, start, _end, _item = next(b for b in footer._hit_boxes if b[3].key == "f1")
        await pilot.click(KeyFooter, offset=(start + 1, row))
        await done(pilot)
        assert app.screen.__class__.__name__ == "HelpScreen"


@pytest.mark.parametrize("size, kept", [((120, 36), True), ((110, 24), False)])
async def test_on_a_tall_terminal_the_footer_keeps_its_rows_within_a_tab(
    app_factory: Callable[..., GmApp], size: tuple[int, int], kept: bool
) -> None:
    """The ships list has more keys than the roster once undo is offered (two rows at 120
    columns and at 110, then one): on a tall terminal the footer keeps two rows as the cursor moves
    to the roster, so the tab does not jump a line and lay itself out again; on a short
    one it gives the line back to the roster."""
    app = app_factory(demo=True)
    async with app.run_test(size=size) as pilot:
        await pilot.press("escape", "2")
        await pilot.pause()
        await pilot.press("r", "y")  # regenerate the crew: undo is offered now
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        width = footer.size.width
        on_list = len(wrap_items(footer.items(), width))
        assert footer.size.height == on_list
        await pilot.press("R")
        await done(pilot)
        on_roster = len(wrap_items(footer.items(), width))
        assert on_roster < on_list  # the roster's keys take a row less
        assert footer.size.height == (on_list if kept else on_roster)
        await pilot.press("escape", "3")  # another tab: the footer fits its keys again
        await done(pilot)
        assert footer.size.height == len(wrap_items(footer.items(), width))


async def test_the_tabs_footer_hidden_under_a_dialog_lays_nothing_out(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a dialog the tab's footer is hidden: a change of the tab's keys
    then lays nothing out (it would lay the tab out and draw the dialog over it again); the
    footer is laid out once shown."""
    app = app_factory(demo=True)
    async with app.run_test(size=(120, 36)) as pilot:
        app.show_tab("crew")
        await done(pilot)
        tab_screen = app.screen
        footer = tab_screen.query_one(KeyFooter)
        await pilot.press("f1")  # the help dialog
        await done(pilot)
        assert app.screen is not tab_screen and not footer.visible
        layouts: list[bool] = []
        real_refresh = KeyFooter.refresh

        def refresh(widget: KeyFooter, *regions: object, **options: bool) -> KeyFooter:
            if widget is footer:
                layouts.append(options.get("layout", False))
            return real_refresh(widget, *regions, **options)  # type: ignore[arg-type]

        monkeypatch.setattr(KeyFooter, "refresh", refresh)
        tab_screen.refresh_bindings()  # the tab's keys change under the dialog
        await done(pilot)
        assert not any(layouts)
        await pilot.press("escape")
        await done(pilot)
        assert app.screen is tab_screen and footer.size.width == 120
        assert footer_keys(app)
