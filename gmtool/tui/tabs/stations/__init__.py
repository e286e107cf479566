"""The Stations tab: the party at battle stations on one ship, and the party's characters.

`pane.py` holds the state and carries out each request with one action; `keys.py` and
`offered.py` are the keys and where they work; `questions.py`, `orders.py` and
`party_orders.py` what the keys ask for; `places.py`, `board.py` and `fitting.py` the words
and rows; `board_view.py`, `widgets.py` and the dialogs (`party_dialogs.py`,
`character_form.py`, `skill_field.py`) draw them.
"""
