"""Magic Number Eleven's template filters: a name's possessive ("Rhine Rockets'") and a
card by name and key ("Ilse Nakamura (base-04)")."""

from __future__ import annotations

from collections.abc import Mapping

from django import template

from rules import mn11 as rules

register = template.Library()


@register.filter
def possessive(name: object) -> str:
    """`{{ team.name|possessive }}`: "Rhine Rockets'", "Cork Comets'", "Home's"."""
    return rules.possessive(str(name))


@register.filter
def card_named(key: str, names: Mapping[str, str] | None = None) -> str:
    """`{{ key|card_named:star_names }}`: a card by its name and key (its key alone when it
    names no card)."""
    return rules.card_named(key, names or {})
