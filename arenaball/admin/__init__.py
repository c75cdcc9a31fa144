"""Arenaball's admin, one module per subject."""
