"""The dice duel: a game plugged into the core from tests/ alone (issue #48), through the
required part of the ruleset seam only. Each side rolls one die (1-6); the higher wins."""
