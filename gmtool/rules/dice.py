"""Dice notation: `NdM`, `NdM+K`, `dM`, sums of terms, and a damage-track letter.

Parsing, rolling and display are kept apart: `parse` turns text into a `DiceExpression`,
`roll` evaluates it with the caller's `random.Random` (never the global one, so campaigns and
tests replay exactly), and `DiceRoll.describe` renders the result.
"""

from __future__ import annotations

import random
import re

import msgspec

from gmtool.rules.errors import RulesError, excerpt

# Application limits, not game numbers: they stop a typo such as "1000000d6" freezing the app.
from gmtool.rules.limits import MAX_DICE, MAX_EXPRESSION_CHARS, MAX_MODIFIER, MAX_SIDES

TRACKS = {"s": "stun", "w": "wound", "m": "mortal", "c": "critical"}


class DiceError(RulesError):
    """A dice expression that cannot be read or rolled."""


class DiceTerm(msgspec.Struct, frozen=True):
    """`sign * count d sides` (dice) or `sign * count` (a flat modifier when sides == 0)."""

    sign: int
    count: int
    sides: int

    @property
    def is_dice(self) -> bool:
        return self.sides > 0

    def text(self) -> str:
        return f"{self.count}d{self.sides}" if self.is_dice else str(self.count)


class DiceExpression(msgspec.Struct, frozen=True):
    text: str
    terms: tuple[DiceTerm, ...]
    track: str | None  # "stun", "wound", "mortal", "critical" or None

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms if t.is_dice)

    def canonical(self) -> str:
        parts: list[str] = []
        for i, term in enumerate(self.terms):
            sign = "-" if term.sign < 0 else ("+" if i else "")
            parts.append(sign + term.text())
        letter = next((k for k, v in TRACKS.items() if v == self.track), "")
        return "".join(parts) + letter


class Die(msgspec.Struct, frozen=True):
    sides: int
    value: int
    sign: int = 1


class DiceRoll(msgspec.Struct, frozen=True):
    expression: DiceExpression
    dice: tuple[Die, ...]
    modifier: int
    total: int

    @property
    def track(self) -> str | None:
        return self.expression.track

    def describe(self) -> str:
        shown = " ".join(("-" if d.sign < 0 else "") + str(d.value) for d in self.dice)
        mod = f" {self.modifier:+d}" if self.modifier else ""
        track = f" {self.track}" if self.track else ""
        return f"{self.expression.canonical()}: [{shown}]{mod} = {self.total}{track}"


_TERM = re.compile(r"\s*([+-]?)\s*(?:(\d*)d(\d+)|(\d+))\s*", re.IGNORECASE)
_TRACK_SUFFIX = re.compile(r"([swmc])\s*$", re.IGNORECASE)


def parse(text: str) -> DiceExpression:
    """Read a dice expression such as `2d6+1`, `d8m`, `2d4s`, `d20-d4`; raise DiceError."""
    raw = text.strip()
    if not raw:
        raise DiceError("empty dice expression: type something like 2d6+1 or d8w")
    if len(raw) > MAX_EXPRESSION_CHARS:
        raise DiceError(
            f"a dice expression of {len(raw):,} characters; at most {MAX_EXPRESSION_CHARS} "
            f"characters: {excerpt(raw, 24)}"
        )
    shown = excerpt(raw, 40)  # what messages quote: a short excerpt, never a page
    body = raw
    track: str | None = None
    suffix = _TRACK_SUFFIX.search(body)
    if suffix:
        track = TRACKS[suffix.group(1).lower()]
        body = body[: suffix.start()].rstrip()
    terms: list[DiceTerm] = []
    pos = 0
    while pos < len(body):
        match = _TERM.match(body, pos)
        if not match or match.end() == pos:
            raise DiceError(
                f"cannot read dice expression {shown} at {excerpt(body[pos:], 24)}: "
                "expected NdM, dM, NdM+K or NdM-K, optionally ending in s/w/m/c"
            )
        sign_text, count_text, sides_text, flat_text = match.groups()
        if terms and not sign_text:
            raise DiceError(f"cannot read dice expression {shown}: join terms with + or -")
        sign = -1 if sign_text == "-" else 1
        if sides_text is not None:
            count = _number(count_text, MAX_DICE) if count_text else 1
            sides = _number(sides_text, MAX_SIDES)
            if count < 1:
                raise DiceError(f"{shown}: roll at least one die")
            if count > MAX_DICE:
                raise DiceError(
                    f"{shown} rolls {_said(count_text)} dice; at most {MAX_DICE} dice in one roll"
                )
            if sides < 1 or sides > MAX_SIDES:
                raise DiceError(
                    f"{shown}: dice need 1 to {MAX_SIDES} sides, not {_said(sides_text)}"
                )
            terms.append(DiceTerm(sign, count, sides))
        else:
            value = _number(flat_text, MAX_MODIFIER)
            if value > MAX_MODIFIER:
                raise DiceError(f"{shown}: a modifier of at most {MAX_MODIFIER:,}")
            terms.append(DiceTerm(sign, value, 0))
        pos = match.end()
    expression = DiceExpression(raw, tuple(terms), track)
    if expression.dice_count == 0:
        raise DiceError(f"{shown} rolls no dice: add a die such as d6")
    if expression.dice_count > MAX_DICE:
        raise DiceError(
            f"{shown} rolls {expression.dice_count} dice; at most {MAX_DICE} dice in one roll"
        )
    return expression


def _said(digits: str) -> str:
    """A number as typed, or its length when it is long: '12', '99999… (150 digits)'."""
    return digits if len(digits) <= 8 else f"{digits[:5]}… ({len(digits)} digits)"


def _number(digits: str, limit: int) -> int:
    """The number `digits` spell, or limit + 1 for one far past it (Python refuses to read a
    number of thousands of digits, and there is no need to)."""
    stripped = digits.lstrip("0") or "0"
    return int(stripped) if len(stripped) <= len(str(limit)) else limit + 1


def roll(expression: DiceExpression | str, rng: random.Random) -> DiceRoll:
    """Roll every die of the expression with the caller's generator."""
    expr = parse(expression) if isinstance(expression, str) else expression
    dice: list[Die] = []
    modifier = 0
    for term in expr.terms:
        if term.is_dice:
            for _ in range(term.count):
                dice.append(Die(term.sides, rng.randint(1, term.sides), term.sign))
        else:
            modifier += term.sign * term.count
    total = sum(d.sign * d.value for d in dice) + modifier
    return DiceRoll(expr, tuple(dice), modifier, total)
