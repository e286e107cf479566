"""The Stations tab: the party at battle stations on one ship, and the party's characters.

`pane.py` puts the tab together from `view.py` (what it shows), `station_keys.py` and
`character_keys.py` (what its keys do) and `keys.py` (its one table of keys); `board.py`
turns the rules' station board into rows, `widgets.py` holds the board and the list, and
`character_form.py` with `skill_field.py` the character editor.
"""
