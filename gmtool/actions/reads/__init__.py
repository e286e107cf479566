"""What the screens show, read from a campaign: the TUI's tabs and the players' view import
these modules, never the store, so every way a screen touches the files goes through the
action layer. Nothing here saves (`tests/test_layers.py` holds it to that).

One module a concern: campaign (opening one, its type), party, ships, battles, injuries,
skirmish, rolls. Most names are the store's readers and value types passed through as they
are; a reader of its own is written here where a screen needs a question the store does not
answer in one call.
"""
