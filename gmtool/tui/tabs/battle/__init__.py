"""The Battle tab: pane.py (the tab, the one holder of its state), keys.py (its one table
of keys), its widgets (ship table, action list, header, log), the orders that ask and hand
back typed requests (orders.py, station_orders.py, battle_menu.py), the requests and the one
action each is carried out by (requests.py), its pure words and checks (offered.py,
play_words.py, history.py, reading.py) and its dialogs, each in a module of its own, with
its styles in .tcss files beside them."""
