"""The players' screen: a read-only view of the campaign, served to a browser by `gmtool
serve` (model.py: what the players may see; reader.py: whole reads while the GM saves;
app.py: the Textual app; text.py: its words)."""
