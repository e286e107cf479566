"""How gmtool plays a side, in the GM's words: the list autopilot.py implements, in a module
of its own so that help screens (`gmtool battle --help`, the Battle tab's F1) show it
without loading the battle engine."""

from __future__ import annotations

AUTOPILOT_HELP: tuple[str, ...] = (
    "How gmtool plays a side (and the defaults offered to yours):",
    "- Standing: the share of its strength a side keeps (the hull of its ships still "
    "fighting, weighed by their condition). Crippled: none of its ships better than "
    "crippled. Winning: it keeps clearly more than the other side (winning_margin in "
    "tables/autopilot.yaml), which is then losing. Else even, as every battle starts.",
    "- Rolls: the edge, sensors, attacks and the repair parties' roll (stun and wound "
    "first, else a system back on line); then it goes on.",
    "- Heading: winning closes (holds at very close range); even holds, turning the arc "
    "with the most weapons toward the enemy; losing or crippled opens, turning away. It "
    "closes or opens only where Table 3-4 says the range moves (against the other side's "
    "heading, declared or expected); else it holds, guns toward the enemy.",
    "- Targets: the enemy ship most hurt already, else the enemy flagship, else the first "
    "enemy still fighting.",
    "- Special orders (its own side only): a crippled ship of a losing or crippled side is "
    "abandoned while people are aboard. It never rams, boards or self-destructs.",
    "- Its people aboard a ship of its side that is abandoned or lost get clear of her.",
    "- At disengaged range a losing or crippled side withdraws.",
    "- It never types damage in, leads, sets power or moves characters between stations: "
    "those are yours. Damage no table rolls (a ram, a self-destruct's blast, a hit rolled "
    "by hand) stops play-on for you to type in, whichever side gave it, when a side you "
    "play gave or took it; playing a round or to the end goes on without it.",
)
