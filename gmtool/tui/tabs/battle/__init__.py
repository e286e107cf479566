"""The Battle tab: pane.py (the tab), keys.py (its one table of keys), its widgets (ship
table, action list, header, log), its orders (orders.py, station_orders.py, battle_menu.py)
and its dialogs, each in a module of its own, with its styles in .tcss files beside them."""
