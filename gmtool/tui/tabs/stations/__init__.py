"""The Stations tab: the party at battle stations on one ship, and the party's characters.

`pane.py` is the tab (it holds its state and carries out each key with one action);
`keys.py` its one table of keys; `offered.py` which keys work where the cursor is;
`questions.py` and `orders.py` what each station key asks for (a choice, a typed request or
a refusal), `party_orders.py` what the character, file and undo keys ask for; `places.py`
the words for where people are; `board.py` turns the rules' station board into rows and
`fitting.py` fits them and the party list to their widths; `board_view.py` and
`widgets.py` draw them; `party_dialogs.py`, `character_form.py` and `skill_field.py` are
the dialogs.
"""
