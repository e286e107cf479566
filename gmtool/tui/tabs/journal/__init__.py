"""The Journal tab: the game sessions, their timelines, notes, recaps and condition chart."""
