"""The Textual front end: one pane per tab; state lives in rules/ and store/.

Textual reads TEXTUAL_FPS once, when first imported, so it is set here unless the
environment sets it: at Textual's 60, a key answered over two or three frames waits up to
17 ms for each.
"""

import os

FRAMES_PER_SECOND = "120"
os.environ.setdefault("TEXTUAL_FPS", FRAMES_PER_SECOND)
