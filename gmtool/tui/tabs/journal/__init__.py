"""The Journal tab: the campaign's game sessions, each one's timeline and the GM's notes
(pane.py), its keys (keys.py), the note and recap dialogs and the chart of the party's and
the ships' condition across sessions and battles (chart.py)."""
