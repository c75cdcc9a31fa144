"""Arenaball's pages."""
