"""English for the rules' messages: possessives, articles and counts, so a team called
"Rhine Rockets" gets "Rhine Rockets' line-up", an Away card "an Away Player Card" and one
Warning "1 Warning"."""

from __future__ import annotations

__all__ = ["article", "counted", "possessive"]


def possessive(name: str) -> str:
    """`name`'s possessive: "Home's", "Rhine Rockets'" (a name ending in s takes the bare
    apostrophe, as team names in the plural do)."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def article(word: str) -> str:
    """`word` with its indefinite article: "a Home", "an Away"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """ "1 Warning", "2 Warnings" (`plural` when it is not `singular` + s)."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"
