"""Widgets and form helpers shared by several tabs."""
