"""The Torga IV tab: the ground skirmish on a map (pane.py), its widgets, dialogs and keys."""
