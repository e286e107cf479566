"""Large type for the players' screen: letters three rows tall, read across the room.

A 3x5 pixel font drawn with half blocks (two pixel rows per text row), one column between
letters: four cells a letter. Letters, digits, space and a hyphen; anything else is a space.
"""

from __future__ import annotations

from rich.text import Text

GLYPHS: dict[str, tuple[str, ...]] = {
    "A": (".#.", "#.#", "###", "#.#", "#.#"),
    "B": ("##.", "#.#", "##.", "#.#", "##."),
    "C": (".##", "#..", "#..", "#..", ".##"),
    "D": ("##.", "#.#", "#.#", "#.#", "##."),
    "E": ("###", "#..", "##.", "#..", "###"),
    "F": ("###", "#..", "##.", "#..", "#.."),
    "G": (".##", "#..", "#.#", "#.#", ".##"),
    "H": ("#.#", "#.#", "###", "#.#", "#.#"),
    "I": ("###", ".#.", ".#.", ".#.", "###"),
    "J": ("..#", "..#", "..#", "#.#", ".#."),
    "K": ("#.#", "#.#", "##.", "#.#", "#.#"),
    "L": ("#..", "#..", "#..", "#..", "###"),
    "M": ("#.#", "###", "###", "#.#", "#.#"),
    "N": ("##.", "#.#", "#.#", "#.#", "#.#"),
    "O": (".#.", "#.#", "#.#", "#.#", ".#."),
    "P": ("##.", "#.#", "##.", "#..", "#.."),
    "Q": (".#.", "#.#", "#.#", "##.", ".##"),
    "R": ("##.", "#.#", "##.", "#.#", "#.#"),
    "S": (".##", "#..", ".#.", "..#", "##."),
    "T": ("###", ".#.", ".#.", ".#.", ".#."),
    "U": ("#.#", "#.#", "#.#", "#.#", "###"),
    "V": ("#.#", "#.#", "#.#", ".#.", ".#."),
    "W": ("#.#", "#.#", "###", "###", "#.#"),
    "X": ("#.#", "#.#", ".#.", "#.#", "#.#"),
    "Y": ("#.#", "#.#", ".#.", ".#.", ".#."),
    "Z": ("###", "..#", ".#.", "#..", "###"),
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("##.", "..#", ".#.", "#..", "###"),
    "3": ("##.", "..#", ".#.", "..#", "##."),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "##.", "..#", "##."),
    "6": (".##", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "##."),
    "-": ("...", "...", "###", "...", "..."),
    " ": ("...", "...", "...", "...", "..."),
}
CELLS_PER_LETTER = 4
HALF = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def big_width(words: str) -> int:
    return max(0, len(words) * CELLS_PER_LETTER - 1)


def big_text(words: str, style: str = "bold") -> Text:
    """`words` three rows tall (upper case; unknown characters as spaces)."""
    glyphs = [GLYPHS.get(c, GLYPHS[" "]) for c in words.upper()]
    rows = []
    for top in (0, 2, 4):
        cells = []
        for glyph in glyphs:
            upper = glyph[top]
            lower = glyph[top + 1] if top + 1 < len(glyph) else "..."
            cells.append(
                "".join(HALF[(a == "#", b == "#")] for a, b in zip(upper, lower, strict=True))
            )
        rows.append(" ".join(cells).rstrip())
    return Text("\n".join(rows), style=style)
