"""Honours on the pages that show a season, a team or a player: their award winners."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from league.honours import selectors
from league.honours.form import TeamForm
from league.models import League, Season, Team

register = template.Library()


@register.inclusion_tag("honours/includes/season_awards.html")
def season_awards(season: Season) -> dict[str, Any]:
    """`season`'s award winners (named at its close) and its MVP vote, if it has one."""
    return {
        "season": season,
        "awards": selectors.season_awards(season=season),
        "vote": selectors.mvp_vote_of(season=season),
    }


@register.inclusion_tag("honours/includes/award_list.html")
def team_awards(team: Team, seasons: Sequence[Season] | None = None) -> dict[str, Any]:
    """The awards `team`'s players won, season by season ("Top scorer, Season 2"). One
    query; none when the page has the team's `seasons` and none of them is finished (awards
    are named at a close), as a running team's page keeps to its query budget."""
    finished = (Season.Status.FINISHED, Season.Status.ARCHIVED)
    if seasons is not None and not any(season.status in finished for season in seasons):
        return {"awards": [], "with_name": True}
    return {"awards": selectors.team_awards(team=team), "with_name": True}


@register.inclusion_tag("honours/includes/award_list.html")
def holder_awards(kind: str, pk: int, league_id: int) -> dict[str, Any]:
    """``{% holder_awards "player" player.pk player.team.league_id %}``: the awards one of the
    game's players (its handle ``player:12``) won in the league."""
    awards = selectors.holder_awards(holder=f"{kind}:{pk}", league_id=league_id)
    return {"awards": awards, "with_name": False}


@register.inclusion_tag("honours/includes/latest_awards.html")
def latest_awards(league: League) -> dict[str, Any]:
    """The league page's latest awards: those of its newest season that has any, with the
    way to its hall of fame. Two queries."""
    season = selectors.latest_awarded_season(league=league)
    awards = selectors.season_awards(season=season) if season is not None else []
    return {"league": league, "season": season, "awards": awards}


@register.simple_tag
def form_cell(form_guide: Mapping[int, TeamForm] | None, team_id: int) -> SafeString:
    """The standings' form cell of `team_id`: its last five results as pills linking to
    their matches, then its streak. Built here rather than in a template: twenty rows of
    five pills were half the render of a cold standings page (issue #49)."""
    if not form_guide:
        return mark_safe("")
    form = form_guide.get(team_id)
    if form is None:
        return mark_safe('<td class="col-form"><span class="muted">No games yet</span></td>')
    url = _fixture_url_maker()
    pills = []
    for result in form.last:
        title = escape(result.title)
        outcome = escape(result.outcome)
        pills.append(
            f'<a class="form-pill form-{outcome.lower()}" href="{url(result.fixture_id)}" '
            f'title="{title}"><span aria-hidden="true">{outcome}</span>'
            f'<span class="visually-hidden">{title}</span></a>'
        )
    words = escape(form.streak_words)
    return mark_safe(
        f'<td class="col-form"><span class="form-guide">{"".join(pills)}</span> '
        f'<span class="streak" title="{words}"><span aria-hidden="true">'
        f'{escape(form.streak)}</span><span class="visually-hidden">Streak: {words}</span>'
        "</span></td>"
    )


def _fixture_url_maker() -> Callable[[int], str]:
    """The fixture page's URL of an id, reversed once a cell rather than once a pill (a
    hundred reverses were a millisecond of the page)."""
    marker = 987654321
    before, after = reverse("fixture", args=[marker]).split(str(marker))
    return lambda fixture_id: f"{before}{int(fixture_id)}{after}"
