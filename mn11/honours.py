"""Magic Number Eleven's honours (league/honours, docs/seasons.md "Awards"): a season's
awards from its match reports (E-R1), whom a coach may vote MVP, and the league's records.

A scorer is a card of a team (E-R1 names the scoring card): one of its Star Players (E-S2,
by the league's catalogue name) or a card of the set it played with (``home-7`` is its
Home card 7 that day), counted for the team that played it.

- **Golden Boot**: the most goals in the season, of every kind.
- **Magic Number king**: the most Magic Number goals (an attack of exactly 11, which cannot
  be stopped) in the season.

A tie shares the award (league.honours.awards.best_of)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from django.db.models import Q
from django.urls import reverse

from league.honours.awards import (
    AwardWinner,
    Holder,
    HolderKind,
    Record,
    best_of,
    leaders,
    plural,
)
from league.models import Fixture, League, Season, Team
from mn11.catalogue import league_stars
from mn11.models import ReportEvent
from rules.mn11 import GoalKind, card_name

Scorer = tuple[int, str]  # (team id, card key)


def _goals(where: Q) -> list[tuple[Scorer, bool, Fixture]]:
    """Every goal matching `where`: its scorer, whether a Magic Number, and its fixture."""
    rows = (
        ReportEvent.objects.filter(where, kind=ReportEvent.Kind.GOAL)
        .exclude(card="")
        .select_related("report__result__fixture__round__season")
    )
    goals = []
    for row in rows:
        fixture = row.report.result.fixture
        team = fixture.home_team_id if row.side == "home" else fixture.away_team_id
        goals.append(((team, row.card), row.goal_kind == GoalKind.MAGIC_NUMBER, fixture))
    return goals


#: What a handle names (``card:<team>:<card>``, a card of a team): the league's JSON
#: document rewrites the team's id; the page is the team's.
HOLDER_KINDS = {"card": HolderKind(Team, "team")}


class _Names:
    def __init__(self, league: League, scorers: set[Scorer]) -> None:
        self.stars = {card.key: card.name for card in league_stars(league=league)}
        self.teams = Team.objects.in_bulk({team for team, _ in scorers})

    def holder(self, scorer: Scorer) -> Holder:
        team_id, card = scorer
        team = self.teams[team_id]
        return Holder(
            holder=f"card:{team_id}:{card}",
            name=f"{card_name(card, self.stars)} ({team.short_name or team.name})",
            team=team,
            url=reverse("team", args=[team_id]),
        )


def season_awards(*, season: Season) -> list[AwardWinner]:
    goals = _goals(Q(report__result__fixture__round__season=season))
    scored = Counter(scorer for scorer, _, _ in goals)
    magic = Counter(scorer for scorer, is_magic, _ in goals if is_magic)
    names = _Names(season.league, set(scored))
    scorers = sorted(scored, key=lambda s: names.holder(s).name)

    def winner(key: str, title: str, word: str) -> Callable[[Scorer, int, bool], AwardWinner]:
        def make(scorer: Scorer, figure: int, shared: bool) -> AwardWinner:
            return AwardWinner(
                award=key,
                title=title,
                who=names.holder(scorer),
                figure=figure,
                text=plural(figure, word),
                shared=shared,
            )

        return make

    return [
        *best_of(
            scorers, figure=lambda s: scored[s], winner=winner("golden_boot", "Golden Boot", "goal")
        ),
        *best_of(
            scorers,
            figure=lambda s: magic[s],
            winner=winner("magic_number_king", "Magic Number king", "Magic Number goal"),
        ),
    ]


def mvp_candidates(*, season: Season) -> list[Holder]:
    """Every card that scored in `season`, by name."""
    scored = {scorer for scorer, _, _ in _goals(Q(report__result__fixture__round__season=season))}
    names = _Names(season.league, scored)
    return sorted((names.holder(s) for s in scored), key=lambda h: h.name)


def league_records(*, league: League) -> list[Record]:
    """A card's most goals in a match, and the leaders in goals and Magic Number goals over
    the league's seasons."""
    goals = _goals(Q(report__result__fixture__round__season__league=league))
    names = _Names(league, {scorer for scorer, _, _ in goals})
    in_match = Counter((scorer, fixture.pk) for scorer, _, fixture in goals)
    fixtures = {fixture.pk: fixture for _, _, fixture in goals}
    best = max(in_match.values(), default=0)
    records = [
        Record(
            title="Most goals by a card in a match",
            name=names.holder(scorer).name,
            figure=best,
            text=plural(best, "goal"),
            team=names.holder(scorer).team,
            url=names.holder(scorer).url,
            season=fixtures[fixture_id].round.season,
            fixture=fixtures[fixture_id],
        )
        for (scorer, fixture_id), count in in_match.items()
        if best and count == best
    ]
    total = Counter(scorer for scorer, _, _ in goals)
    magic = Counter(scorer for scorer, is_magic, _ in goals if is_magic)
    records += leaders(
        [(names.holder(s), n) for s, n in total.items()], title="Most goals", word="goal"
    )
    records += leaders(
        [(names.holder(s), n) for s, n in magic.items()],
        title="Most Magic Number goals",
        word="Magic Number goal",
    )
    return records
