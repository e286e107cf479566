"""The Battle tab: pane.py holds its state; orders.py, station_orders.py and battle_menu.py
ask and hand back typed requests, which requests.py carries out with one action each."""
