"""The Textual front end: one pane per tab; state lives in rules/ and store/.

Textual draws a screen at most TEXTUAL_FPS times a second (60 unless set), read once as
Textual is first imported: a frame due waits for the next tick, and a key answered in two or
three frames waited up to 17 ms for each. Set here, before the app imports Textual, unless
the environment sets it already.
"""

import os

FRAMES_PER_SECOND = "120"
os.environ.setdefault("TEXTUAL_FPS", FRAMES_PER_SECOND)
