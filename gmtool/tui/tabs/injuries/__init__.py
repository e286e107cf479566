"""The Injuries tab: the party's stun, wound and mortal tracks, the injury history, and the
dialogs that add to it (hazard roll by hand, direct damage, treatment, rest, bail-out)."""
