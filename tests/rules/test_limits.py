"""Every application limit refuses what is past it with one message naming the limit, at
once: dice, checks, text, YAML files and ship specs. The numbers come from rules/limits.py,
never repeated here."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gmtool.rules import limits
from gmtool.rules.checks import roll_check
from gmtool.rules.crew_size import CrewTooLarge, checked_manifest
from gmtool.rules.dice import parse
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.limits import checked_text
from gmtool.rules.ships import load_ship_spec, parse_ship_spec
from gmtool.rules.tables import load_yaml, parse_yaml

# A hang fails the test instead of stalling the suite.
pytestmark = pytest.mark.timeout(10)

SHIP = "name: CSS Test\nclass: heavy\nhull_points: 400\n"


def billion_laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


# -- dice and checks ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expression", "limit"),
    [
        (f"{limits.MAX_DICE + 1}d6", "at most 100 dice"),
        ("9" * 5000 + "d6", "at most 200 characters"),
        ("9" * 150 + "d6", "at most 100 dice"),
        (f"d{limits.MAX_SIDES + 1}", "1 to 1000 sides"),
        ("d" + "9" * 150, "1 to 1000 sides"),
        (f"d6+{limits.MAX_MODIFIER + 1}", "at most 10,000"),
        ("d6+" + "9" * 150, "at most 10,000"),
        (f"{limits.MAX_DICE}d6+1d4", "at most 100 dice"),
        ("+".join(["d6"] * limits.MAX_DICE), "at most 200 characters"),
    ],
)
def test_dice_past_a_limit_are_refused_naming_it(expression: str, limit: str) -> None:
    with pytest.raises(RulesError, match=limit) as info:
        parse(expression)
    assert len(str(info.value)) < 200  # an excerpt of the input, never all of it
    assert "MAX_" not in str(info.value)  # the limit as a number, never the constant's name


def test_dice_at_the_limits_roll() -> None:
    import random

    expression = parse(f"{limits.MAX_DICE}d{limits.MAX_SIDES}+{limits.MAX_MODIFIER}")
    assert expression.dice_count == limits.MAX_DICE
    assert parse("0001d6").dice_count == 1
    assert roll_check(10, limits.MAX_STEP, random.Random(1)).step == limits.MAX_STEP


@pytest.mark.parametrize("step", [limits.MAX_STEP + 1, -limits.MAX_STEP - 1, 1_000_000])
def test_a_check_step_past_the_limit_is_refused(step: int) -> None:
    import random

    with pytest.raises(RulesError, match="from -100 to 100"):
        roll_check(10, step, random.Random(1))


def test_text_past_its_limit_is_refused_naming_it() -> None:
    # the limit as a number in words, never the constant's name (issue 31's message voice)
    assert checked_text("--for", "x" * limits.MAX_TEXT_CHARS) == "x" * limits.MAX_TEXT_CHARS
    with pytest.raises(RulesError, match=r"^--for is 100,000 characters long; at most [0-9,]+$"):
        checked_text("--for", "x" * 100_000)
    with pytest.raises(RulesError, match=rf"^a name .*; at most {limits.MAX_NAME_CHARS}$"):
        checked_text("a name", "x" * (limits.MAX_NAME_CHARS + 1), limits.MAX_NAME_CHARS)


# -- YAML files --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (billion_laughs(), "at most 20,000 values"),
        ("a: " + "[" * 5000 + "]" * 5000, "nesting"),
        ("a:\n" + "".join("  " * i + "- \n" for i in range(1, 60)), "at most 50 levels"),
        ("a: " + "{b: " * 60 + "1" + "}" * 60, "at most 50 levels"),
        ("n: " + "9" * 5000, "at most 30 digits"),
        ("n: -" + "1" * 40, "at most 30 digits"),
        ("a: b\x00c\n", "U+0000"),
        ("? [a, b]\n: 1\n", "keys that are text or numbers"),
        ("? {a: b}\n: 1\n", "keys that are text or numbers"),
        ("# " + "x" * limits.MAX_YAML_BYTES, "at most 500,000 bytes"),
        ("a: [" + "1," * limits.MAX_YAML_NODES + "]", "at most 20,000 values"),
    ],
    ids=[
        "alias bomb",
        "deep flow",
        "deep blocks",
        "deep mappings",
        "long number",
        "long negative",
        "NUL",
        "list key",
        "mapping key",
        "big file",
        "many values",
    ],
)
def test_hostile_yaml_is_refused_with_one_line(text: str, said: str) -> None:
    with pytest.raises(TableError) as info:
        parse_yaml(text, "hostile.yaml")
    message = str(info.value)
    assert said in message and message.startswith("hostile.yaml")
    assert "\n" not in message and len(message) < 300


def test_a_number_at_the_limit_reads() -> None:
    digits = "9" * limits.MAX_NUMBER_DIGITS
    assert parse_yaml(f"n: {digits}", "ok.yaml")["n"].value == int(digits)


def test_a_spec_that_is_a_link_to_a_system_file_is_not_echoed(tmp_path: Path) -> None:
    secret = tmp_path / "passwd"
    text = "admin:x:0:0:admin:/admin:/bin/bash\nhunter2:x:1000:1000::/home:/bin/sh\n"
    secret.write_text(text)
    link = tmp_path / "ship.yaml"
    link.symlink_to(secret)
    with pytest.raises(TableError) as info:
        load_ship_spec(link)
    assert "admin" not in str(info.value) and "hunter2" not in str(info.value)
    assert f"a text of {len(text.strip().replace(chr(10), ' '))} characters" in str(info.value)


def test_a_pipe_or_a_folder_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "ship.yaml"
    os.mkfifo(fifo)
    with pytest.raises(TableError, match="a regular file"):
        load_yaml(fifo)
    with pytest.raises(TableError, match=r"a readable file|a regular file"):
        load_yaml(tmp_path)
    with pytest.raises(TableError, match="NUL"):
        load_yaml(str(tmp_path / "a\x00b.yaml"))


def test_a_big_file_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    big = tmp_path / "ship.yaml"
    with big.open("w") as out:
        out.write(SHIP + "#" + "x" * (5 * limits.MAX_YAML_BYTES))
    with pytest.raises(TableError, match="at most 500,000 bytes"):
        load_ship_spec(big)


# -- ship specs --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "limit"),
    [
        ("marines: 100000000\n", "from 0 to 10,000"),
        ("passengers: 10000000\n", "from 0 to 10,000"),
        ("systems:\n  - {type: cargo_bay, count: 50000}\n", "from 0 to 1,000"),
        ("systems:\n  - {type: engine, hp: 100000000}\n", "to 100,000"),
        ("acceleration: 100000000\n", "to 100,000"),
        ("target_size_step: 100000000\n", "from -100 to 100"),
        ("durability: {stun: 100000000}\n", "to 100,000"),
    ],
)
def test_spec_counts_past_a_limit_are_refused(extra: str, limit: str) -> None:
    with pytest.raises(TableError, match=limit) as info:
        parse_ship_spec(SHIP + extra, "big.yaml")
    assert "CSS Test" in str(info.value)


def test_too_many_systems_are_refused() -> None:
    many = "systems:\n" + "  - {type: cargo_bay, count: 1}\n" * (limits.MAX_SYSTEMS + 1)
    with pytest.raises(TableError, match="at most 500 systems"):
        parse_ship_spec(SHIP + many, "many.yaml")
    units = "systems:\n" + f"  - {{type: cargo_bay, count: {limits.MAX_SYSTEM_COUNT}}}\n" * 2
    with pytest.raises(TableError, match="counted together"):
        parse_ship_spec(SHIP + units, "units.yaml")


def test_a_huge_hull_or_name_is_refused() -> None:
    with pytest.raises(TableError, match="to 100,000"):
        parse_ship_spec("name: x\nclass: heavy\nhull_points: 100000000\n", "hull.yaml")
    with pytest.raises(TableError, match="at most 120 characters"):
        parse_ship_spec(f"name: {'n' * 10_000}\nclass: heavy\nhull_points: 10\n", "n.yaml")


def test_a_crew_past_the_limit_is_refused_before_anyone_is_named() -> None:
    spec = parse_ship_spec(
        SHIP.replace("400", str(limits.MAX_HULL_POINTS))
        + f"marines: {limits.MAX_CREW_COUNT}\npassengers: {limits.MAX_CREW_COUNT}\n",
        "crowd.yaml",
    )
    with pytest.raises(CrewTooLarge, match="at most 20,000") as info:
        checked_manifest(spec)
    assert info.value.total > limits.MAX_TOTAL_CREW
    small = parse_ship_spec(SHIP, "small.yaml")
    assert checked_manifest(small).total_crew <= limits.MAX_TOTAL_CREW


def test_a_text_with_a_control_character_is_refused_in_words() -> None:
    from gmtool.rules.errors import RulesError

    assert limits.checked_text("a note", "line one\n\tline two") == "line one\n\tline two"
    for bad in ("\x1b[2J", "bell\x07", "c1\x9b31m", "del\x7f"):
        with pytest.raises(RulesError, match=r"a note holds a control character \(U\+00"):
            limits.checked_text("a note", bad)
    with pytest.raises(RulesError) as refused:
        limits.checked_text("the name", "x" * (limits.MAX_NAME_CHARS + 1), limits.MAX_NAME_CHARS)
    assert str(refused.value) == (
        f"the name is {limits.MAX_NAME_CHARS + 1} characters long; at most {limits.MAX_NAME_CHARS}"
    )
