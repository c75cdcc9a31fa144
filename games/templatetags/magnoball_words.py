"""MagnoBall's words on the pages, all from rules/magnoball/vocabulary.py: a stored code
(a stat category, a roll purpose) is never shown raw (issue #17: one vocabulary)."""

from __future__ import annotations

from django import template

from rules.magnoball.vocabulary import Action, StatCategory, roll_purpose_label

register = template.Library()


@register.filter
def stat_abbr(code: str) -> str:
    """``{{ "face_offs"|stat_abbr }}`` → FO: the two letters every table uses."""
    try:
        return StatCategory(code).abbreviation
    except ValueError:
        return Action(code).abbreviation


@register.filter
def stat_label(code: str) -> str:
    """``{{ "face_offs"|stat_label }}`` → Face-offs."""
    try:
        return StatCategory(code).label
    except ValueError:
        return Action(code).label


@register.filter
def roll_purpose(code: str) -> str:
    """``{{ roll.purpose|roll_purpose }}`` → "Injury: career over?" for permanent_injury."""
    return roll_purpose_label(code)


@register.inclusion_tag("games/includes/stat_legend.html")
def stat_legend(*, movement: bool = False) -> dict[str, list[tuple[str, str]]]:
    """The visible legend of the two-letter abbreviations (with Movement on the roster)."""
    pairs = [(Action.MOVEMENT.abbreviation, Action.MOVEMENT.label)] if movement else []
    pairs += [(category.abbreviation, category.label) for category in StatCategory]
    return {"entries": pairs}
