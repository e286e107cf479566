"""The Crew tab: the campaign's ships, each with its crew manifest, named roster and
condition (pane.py), its keys (keys.py), the ship form and its system dialog, and the
tab's small dialogs."""
