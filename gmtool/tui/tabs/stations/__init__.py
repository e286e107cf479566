"""The Stations tab: the party at battle stations on one ship, and the party's characters."""
