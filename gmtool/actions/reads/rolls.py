"""The roll log's entries, as the Dice & Log tab and the Injuries tab show them."""

from gmtool.store.rolllog import RollEntry

__all__ = ["RollEntry"]
