"""Arranging a match (issue #50): the two coaches agree the fixture's kick-off."""
