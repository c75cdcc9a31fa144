"""The home page's read: a page of league cards, each with the league's game, its current
season, the top of that season's table and the last champion.

A fixed number of queries and rows whatever the number of leagues, seasons and teams: the
leagues come a page at a time, the current and champion seasons by one subquery each, and
only the first rows of each table (positions are stored)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.db.models import (
    BooleanField,
    Count,
    Exists,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)

from league.models import League, Season, StandingRow, Team
from league.rulesets import Ruleset, ruleset_get
from league.selectors.leagues import CURRENT_SEASON_ORDER, league_visible_q

#: Cards a page: enough to scan on a phone, few enough that the page stays the same size.
LEAGUES_PER_PAGE = 6
#: Rows of each current table shown on its card.
TABLE_TOP = 3


@dataclass(frozen=True)
class LeagueCard:
    league: League
    ruleset: Ruleset
    #: The season the league is playing now (the newest not archived that has started, a
    #: draft only when none has: league.selectors.leagues.CURRENT_SEASON_ORDER), with
    #: ``round_count`` and ``team_count``; None before its first season.
    season: Season | None
    #: The first TABLE_TOP rows of its table with their teams (none for a tournament, whose
    #: tables are per group, or before the first result ranks the teams).
    top: list[StandingRow] = field(default_factory=list)
    #: The newest finished season with a champion (``season.champion`` read with it).
    last_champion: Season | None = None

    @property
    def played(self) -> bool:
        return any(row.played for row in self.top)


def _mine(user: User | AnonymousUser) -> Q | Value:
    """Whether the user commissions the league or coaches one of its teams: his leagues
    come first."""
    if not user.is_authenticated:
        return Value(False, output_field=BooleanField())
    return Exists(
        League.commissioners.through.objects.filter(league=OuterRef("pk"), user=user)
    ) | Exists(Team.objects.filter(league=OuterRef("pk"), coach=user))


def _leagues(user: User | AnonymousUser) -> QuerySet[League]:
    visible = League.objects.filter(league_visible_q(user=user)).values("pk")
    current = (
        Season.objects.filter(league=OuterRef("pk"))
        .exclude(status=Season.Status.ARCHIVED)
        .order_by(*CURRENT_SEASON_ORDER)
        .values("pk")[:1]
    )
    champion = (
        Season.objects.filter(league=OuterRef("pk"), champion__isnull=False)
        .filter(status__in=[Season.Status.FINISHED, Season.Status.ARCHIVED])
        .order_by(F("finished_at").desc(nulls_last=True), "-created_at", "-pk")
        .values("pk")[:1]
    )
    return (
        League.objects.filter(pk__in=visible)
        .annotate(
            mine=_mine(user),
            current_season_id=Subquery(current),
            champion_season_id=Subquery(champion),
        )
        .only("name", "slug", "ruleset", "is_public", "description")
        .order_by("-mine", "name")
    )


def home_leagues(
    *, user: User | AnonymousUser, page: str | int | None
) -> tuple[Page[League], list[LeagueCard]]:
    """The `page`-th page of the leagues `user` may read (his own first, then by name) as
    cards; a page number out of range gives the last page. Five queries."""
    paginator = Paginator(_leagues(user), LEAGUES_PER_PAGE)
    leagues_page = paginator.get_page(page)
    leagues: list[League] = list(leagues_page.object_list)
    wanted = {
        getattr(x, name) for x in leagues for name in ("current_season_id", "champion_season_id")
    }
    wanted.discard(None)
    seasons = {
        s.pk: s
        for s in Season.objects.filter(pk__in=wanted)
        .select_related("champion")
        .annotate(
            round_count=Count("rounds", distinct=True), team_count=Count("standings", distinct=True)
        )
    }
    by_id = {x.pk: x for x in leagues}
    for season in seasons.values():  # the seasons' links name their league: no query each
        season.league = by_id[season.league_id]
    current = {x.current_season_id for x in leagues}  # type: ignore[attr-defined]
    tables = [s.pk for s in seasons.values() if s.pk in current and not s.is_tournament]
    top: dict[int, list[StandingRow]] = defaultdict(list)
    rows = (
        StandingRow.objects.filter(season_id__in=tables, position__lte=TABLE_TOP)
        .select_related("team")
        .only(
            "season_id",
            "position",
            "played",
            "points",
            "team__name",
            "team__short_name",
            "team__colour",
        )
        .order_by("season_id", "position")
    )
    for row in rows:
        top[row.season_id].append(row)
    cards = [
        LeagueCard(
            league=x,
            ruleset=ruleset_get(x.ruleset),
            season=seasons.get(x.current_season_id),  # type: ignore[attr-defined]
            top=top.get(x.current_season_id, []),  # type: ignore[attr-defined]
            last_champion=seasons.get(x.champion_season_id),  # type: ignore[attr-defined]
        )
        for x in leagues
    ]
    return leagues_page, cards
