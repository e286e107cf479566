"""Short words for the Crew tab's narrow columns, as a ship's crew would write them rather
than cut mid-word; the F1 help gives the key (`short_words_key`)."""

from __future__ import annotations

# A ship's class in the ships list (the summary beside it gives the class in full).
CLASS_SHORT = {
    "small": "sm",
    "light": "lt",
    "medium": "med",
    "heavy": "hvy",
    "super-heavy": "shv",
}

# Words of a post, shortened one after another (in this order) until the post fits.
POST_SHORT = (
    ("petty officers", "POs"),
    ("petty officer", "PO"),
    ("Administration", "Admin"),
    ("Intelligence", "Intel"),
    ("Auxiliary", "Aux"),
    ("specialists", "specs"),
    ("Operations", "Ops"),
    ("Engineering", "Eng"),
    ("engineering", "eng"),
    ("Navigation", "Nav"),
    ("Command", "Cmd"),
    ("master-at-arms", "MAA"),
    ("Damage control", "DC"),
    ("Aviation", "Avn"),
    ("Weapons", "Wpn"),
    ("weapons", "wpn"),
    ("Weapon", "Wpn"),
    ("Science", "Sci"),
    ("science", "sci"),
    ("technicians", "techs"),
    ("Electronics", "Elec"),
    ("Medical", "Med"),
    ("officers", "offs"),
    ("officer", "off"),
)


def class_short(ship_class: str) -> str:
    """'lt' for light: a class as the ships list shows it (an unknown class as it is)."""
    return CLASS_SHORT.get(ship_class, ship_class)


def post_cell(post: str, width: int) -> str:
    """The post as it fits `width` cells: whole if it fits, else with the words above
    shortened in turn, and only past all of them cut with "…"."""
    if len(post) <= width:
        return post
    for long, short in POST_SHORT:
        if long in post:
            post = post.replace(long, short)
            if len(post) <= width:
                return post
    return post if len(post) <= width else post[: max(width - 1, 0)] + "…"


def short_words_key() -> str:
    """The key to the short words, in Markdown, for the tab's help."""
    classes = ", ".join(f"{short} {full}" for full, short in CLASS_SHORT.items())
    shorts: dict[str, str] = {}
    for long, short in POST_SHORT:
        shorts.setdefault(short.lower(), f"{short} {long.lower()}")
    return (
        f"**Short words.** The ships list's Cls column gives a ship's class short: {classes}. "
        "A post or department too long for the roster's column is shortened, and cut with … "
        "only when "
        f"shortening is not enough: {', '.join(shorts.values())}."
    )
