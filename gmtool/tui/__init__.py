"""The Textual front end: one pane per tab; state lives in rules/ and store/."""
