"""Presentation helpers shared by the pages and the admin: state badges and number formats.

Every badge's colour comes from ``BADGE_STYLES``, one table of state → CSS modifier, so a
player's or a season's state always looks the same (docs/ux.md: "one badge per state").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import Any

from django import template
from django.utils import timezone
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.timesince import timeuntil

from league.capabilities import capability
from league.capabilities.admin_season import SeasonAdminParts
from league.capabilities.pages import SeasonPages
from league.capabilities.table import TableExtras
from league.models import League, Round, Season, Team
from league.rulesets import Ruleset, ruleset_for, rulesets
from league.selectors.fixtures import round_not_open_text
from league.selectors.story import team_titles
from league.selectors.team_seasons import teams_seasons

register = template.Library()

#: State key → badge modifier (``badge--<modifier>`` in static/css/*.css). Keys are the stored
#: values of player statuses, roster states and season statuses, plus "superstar", "injured"
#: and "picks_due".
BADGE_STYLES: dict[str, str] = {
    # Player statuses and marks a game stores (its ruleset's rules decide them).
    "rookie": "rookie",
    "pro": "pro",
    "veteran": "veteran",
    "superstar": "superstar",
    "picks_due": "todo",
    # Availability and roster states; "active" is also the live season.
    "injured": "injured",
    "active": "live",
    "injured_list": "injured-list",
    "retired": "retired",
    "released": "retired",
    # Season lifecycle.
    "draft": "neutral",
    "playoffs": "veteran",
    "finished": "done",
    "archived": "retired",
}


def badge_html(state: str, text: str) -> str:
    """A badge whose text names the state; the colour only repeats it."""
    return format_html(
        '<span class="badge badge--{}">{}</span>', BADGE_STYLES.get(state, "neutral"), text
    )


@register.simple_tag
def badge(state: str, text: str) -> str:
    """``{% badge season.status season.get_status_display %}``"""
    return badge_html(state, text)


@register.filter
def signed(value: int | None) -> str:
    """A difference with its sign: +3, 0, and a real minus sign (U+2212) for losses."""
    if value is None:
        return ""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\N{MINUS SIGN}{-value}"
    return "0"


@register.filter
def number_cells(numbers: Iterable[int], label: str = "") -> str:
    """A row of whole numbers as table cells in one go: ``{{ team.positions|number_cells }}``
    gives ``<td>3</td><td>1</td>…``, ``{{ rounds|number_cells:"Round" }}`` the heads
    ``<th scope="col">Round 1</th>…``. A long table (the standings' 20 by 38 positions by
    round) is then one variable a row, not one variable (and its localisation) a cell.
    int() makes every value safe to print unescaped."""
    if label:
        head = escape(label)
        return mark_safe("".join(f'<th scope="col">{head} {int(n)}</th>' for n in numbers))
    return mark_safe("".join(f"<td>{int(n)}</td>" for n in numbers))


@register.filter
def ruleset(league: League) -> Ruleset:
    """``{% with ruleset=season.league|ruleset %}``: the game a page's league plays, for the
    parts of a shared page only that game has."""
    return ruleset_for(league)


@register.filter
def table_extras(league: League) -> TableExtras:
    """``{% with game=season.league|table_extras %}``: what the league's game adds to the
    shared table (overtime, its rule ids, its knockout line), or the defaults of a game
    without it."""
    return capability(ruleset_for(league), TableExtras)


@register.filter
def season_nav_template(ruleset: Ruleset) -> str:
    """``{{ ruleset|season_nav_template }}``: the game's own links in the season menu; ""
    for none (league.capabilities.pages)."""
    return capability(ruleset, SeasonPages).season_nav_template


@register.filter
def any_played(rows: Iterable[Any]) -> bool:
    """Whether any standings row has a game played (works on prefetched rows, no query)."""
    return any(row.played for row in rows)


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``{{ line.stats|get:category.value }}``: a dict lookup with a variable key."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.simple_tag(takes_context=True)
def query(context: dict[str, Any], **changes: Any) -> str:
    """The current URL's query with some parameters changed (empty removes one), so sorting
    and filters live in the URL: ``{% query sort="name" %}``."""
    params = context["request"].GET.copy()
    params.pop("changed", None)
    for key, value in changes.items():
        if value in ("", None):
            params.pop(key, None)
        else:
            params[key] = value
    encoded = params.urlencode()
    return f"?{encoded}" if encoded else "?"


@register.filter
def duration(value: timedelta | None) -> str:
    """A timedelta in words: "15 minutes", "1 hour"."""
    if value is None:
        return ""
    now = timezone.now()
    return timeuntil(now + value, now)


@register.simple_tag
def admin_index_templates() -> list[str]:
    """Each installed game's lines for the admin home (its ruleset's
    ``admin_index_template``), so the core's page names no game."""
    return [
        capability(ruleset, SeasonAdminParts).admin_index_template
        for ruleset in rulesets()
        if capability(ruleset, SeasonAdminParts).admin_index_template
    ]


@register.simple_tag
def round_not_open(round_: Round) -> str:
    """``{% round_not_open fixture.round %}``: who opens the round and when, for every game's
    fixture page (issue #17: a wait that says what it waits for)."""
    return round_not_open_text(round_=round_)


@register.inclusion_tag("league/includes/team_story.html")
def team_story(
    team: Team,
    season: Season | None = None,
    titles: list[Season] | None = None,
    tournaments: Sequence[Season] | None = None,
) -> dict[str, Any]:
    """``{% team_story team season %}``: a team page's titles and its links to the team's
    history, head to head, its own fixtures' feed (of `season`, the one it follows: its
    league season) and the league's graveyard, and the tournaments it plays besides, each
    with its fixtures and feed, apart; the same on every game's team page. A query each
    for its titles and its tournaments, none when the page has them."""
    if titles is None:
        titles = team_titles(team=team)
    if tournaments is None:
        found = teams_seasons([team.pk]).get(team.pk)
        tournaments = found.tournaments if found else ()
    return {"team": team, "season": season, "titles": titles, "tournaments": tournaments}
