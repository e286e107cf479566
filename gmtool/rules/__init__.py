"""The game itself: pure, typed rules code. Imports neither textual nor tinydb."""
