"""The Crew tab: the campaign's ships, their crews and their condition."""
