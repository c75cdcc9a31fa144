"""Reads of the league core, a module by subject (writes: league/services/)."""
