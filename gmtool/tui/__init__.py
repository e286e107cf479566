"""The Textual front end: one pane per tab; state lives in rules/ and store/.

Textual reads TEXTUAL_FPS once, when first imported, so it is set here unless the
environment sets it. A screen draws only what was refreshed, so the rate is a ceiling; it
matters because a key's answer often takes two or three layouts in a row (Textual lays a
widget out once more after its size changed), each waiting for the next tick.
"""

import os

FRAMES_PER_SECOND = "480"
os.environ.setdefault("TEXTUAL_FPS", FRAMES_PER_SECOND)
