"""``{% season_data season %}``: the season admin page's panel of CSV downloads and imports."""

from __future__ import annotations

from typing import Any

from django import template

from league.models import Season

register = template.Library()


@register.inclusion_tag("admin/exchange_jobs/season_data.html")
def season_data(season: Season | None) -> dict[str, Any]:
    from league.exchange_jobs.admin import season_data_links  # the admin imports the models

    if season is None or season.pk is None:
        return {}
    return {"season": season, **season_data_links(season)}
