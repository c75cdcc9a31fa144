"""E-S2: a league's Star Player catalogue: the pool the rules give (12 base cards, or 21 with
the expansion) under the names its commissioner chose, placeholders until then."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.models import League
from mn11.errors import Mn11Error
from mn11.models import StarName
from rules import mn11 as rules
from rules.mn11 import StarPool

NAME_LENGTH = StarName._meta.get_field("name").max_length or 60


def league_stars(
    *, league: League, pool: StarPool = StarPool.BASE_AND_EXPANSION
) -> tuple[rules.StarCard, ...]:
    """The league's cards of `pool`, in catalogue order, named as its commissioner named them."""
    names = dict(StarName.objects.filter(league=league).values_list("key", "name"))
    return rules.star_pool(pool=pool, names=names)


def star_names_set(
    *, league: League, actor: Actor, names: Mapping[str, str]
) -> tuple[rules.StarCard, ...]:
    """Name (or, with a blank name, un-name) Star Player cards of `league`'s catalogue (its
    commissioners), every key checked first; audited with the names before and after."""
    require_commissioner(user=actor, league=league)
    known = {card.key for card in rules.star_pool(pool=StarPool.BASE_AND_EXPANSION)}
    errors = {key: "No Star Player card has this key." for key in names if key not in known}
    errors |= {
        key: f"A name has at most {NAME_LENGTH} characters."
        for key, name in names.items()
        if len(" ".join(name.split())) > NAME_LENGTH
    }
    if errors:
        raise Mn11Error(
            " ".join(f"{k}: {m}" for k, m in errors.items()), code="invalid", fields=errors
        )
    with transaction.atomic():
        before = dict(StarName.objects.filter(league=league).values_list("key", "name"))
        for key, name in names.items():
            clean = " ".join(name.split())
            if clean:
                StarName.objects.update_or_create(league=league, key=key, defaults={"name": clean})
            else:
                StarName.objects.filter(league=league, key=key).delete()
        after = dict(StarName.objects.filter(league=league).values_list("key", "name"))
        if after != before:
            audit_record(
                actor=actor,
                action="mn11.star_names",
                obj=league,
                league=league,
                message=f"{league}: Star Player names",
                before=before,
                after=after,
            )
    return league_stars(league=league)
