"""gmtool: a terminal campaign manager for ALTERNITY game masters."""

__version__ = "0.1.0"
