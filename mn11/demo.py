"""Magic Number Eleven's demo league (`./dev run`): six clubs, the season's Star Player draft
finished (every pick made by its coach), a double round robin started and its first rounds
played at the table: Away sets, GK picks, line-ups and reports with VAR decisions, cards and a
shootout, all through the services and reproducible from the seed."""

from __future__ import annotations

import datetime
import random

from django.db import transaction

from league.demo import DemoSummary, demo_people
from league.models import Fixture, League, Season
from league.services.leagues import league_create
from league.services.rounds import round_open
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create
from mn11.report_input import report_data_parse
from mn11.selectors import draft_board, team_stars
from mn11.services import (
    away_set_choose,
    draft_pick,
    draft_start,
    gk_pick_choose,
    lineup_submit,
    report_record,
)
from rules.mn11 import AwaySet, GkCard, Side

LEAGUE_NAME = "Magic Number Eleven Demo League"
SEASON_NAME = "2026 Season"
PLAYED_ROUNDS = 3
#: (name, short name, colour, coach's username)
TEAMS = (
    ("Aberdeen Arrows", "ABE", "#c1121f", "isla"),
    ("Bilbao Bees", "BIL", "#e9c46a", "unai"),
    ("Cork Comets", "COR", "#2a9d8f", "niamh"),
    ("Dortmund Dials", "DOR", "#f4a261", "lena"),
    ("Eindhoven Echoes", "EIN", "#264653", "daan"),
    ("Florence Foxes", "FLO", "#6a4c93", "giulia"),
)
#: Home's outfield cards; Away's by its set (E-S1): the keys match day takes (docs/mn11.md).
HOME_CARDS = [f"home-{n}" for n in range(1, 10)]


def demo_league_build(*, seed: int = 2026) -> DemoSummary:
    commissioner, coaches, logins = demo_people(
        league_name=LEAGUE_NAME, teams=[(name, username) for name, *_, username in TEAMS]
    )
    existing = League.objects.filter(name=LEAGUE_NAME).first()
    if existing is not None:
        return DemoSummary(existing, existing.seasons.get(name=SEASON_NAME), False, logins)
    rng = random.Random(seed)
    with transaction.atomic():
        league = league_create(
            name=LEAGUE_NAME,
            actor=commissioner,
            ruleset="mn11",
            commissioners=[commissioner],
            description="Six clubs of card football: each signed three Star Players in the "
            "draft; a double round robin, three points a win.",
        )
        season = season_create(
            league=league,
            name=SEASON_NAME,
            actor=commissioner,
            starts_on=datetime.date(2026, 11, 14),
            double_round_robin=True,
            playoff_teams=0,
        )
        for name, short_name, colour, username in TEAMS:
            team_create(
                season=season,
                name=name,
                short_name=short_name,
                colour=colour,
                coach=coaches[username],
                actor=commissioner,
            )
        _draft(season, rng)
        season_generate_schedule(season=season, actor=commissioner, seed=seed)
        season = season_transition(season=season, to=Season.Status.ACTIVE, actor=commissioner)
        for round_ in season.rounds.filter(number__lte=PLAYED_ROUNDS).order_by("number"):
            round_open(round_=round_, actor=None)
            for fixture in round_.fixtures.select_related("home_team", "away_team").order_by("id"):
                _play(fixture, rng)
        round_open(round_=season.rounds.get(number=PLAYED_ROUNDS + 1), actor=None)
    return DemoSummary(league, season, created=True, logins=logins)


def _draft(season: Season, rng: random.Random) -> None:
    """E-S2: the draft, every pick made by the coach on the clock (a card he likes)."""
    draft_start(season=season, actor=None, rng=rng)
    while True:
        board = draft_board(season=season, user=None)
        if board is None or board.done or board.on_clock is None:
            return
        card = rng.choice([card.key for card in board.cards_left])
        draft_pick(season=season, actor=board.on_clock.coach, card=card)


def _play(fixture: Fixture, rng: random.Random) -> None:
    """A match at the table: the Away set, the GK picks in order, both line-ups, the report."""
    home, away = fixture.home_team, fixture.away_team
    season = fixture.round.season
    away_set = rng.choice(list(AwaySet))
    away_set_choose(fixture=fixture, actor=away.coach, away_set=away_set)
    home_gk = rng.choice(list(GkCard))
    away_gk = rng.choice([card for card in GkCard if card is not home_gk])
    gk_pick_choose(fixture=fixture, actor=home.coach, side=Side.HOME, card=home_gk)
    gk_pick_choose(fixture=fixture, actor=away.coach, side=Side.AWAY, card=away_gk)
    away_cards = [f"away-{away_set.value}-{n}" for n in range(1, 10)]
    home_star = team_stars(team=home, season=season)[0].key
    away_star = team_stars(team=away, season=season)[0].key
    home_eleven = [home_gk.card_key, *HOME_CARDS, home_star]
    away_eleven = [away_gk.card_key, *away_cards, away_star]
    lineup_submit(fixture=fixture, actor=home.coach, side=Side.HOME, cards=home_eleven)
    lineup_submit(fixture=fixture, actor=away.coach, side=Side.AWAY, cards=away_eleven)
    raw = _report(rng, home_cards=home_eleven[1:], away_cards=away_eleven[1:])
    data, errors = report_data_parse(raw)
    assert not errors, errors  # the demo's own reports are well formed
    report_record(fixture=fixture, data=data, actor=home.coach)


def _report(
    rng: random.Random, *, home_cards: list[str], away_cards: list[str]
) -> dict[str, object]:
    """A plausible report, half by half: goals by cards on the pitch, now and then a Strong
    tackle's penalty and its warning to the defenders (E-D2); a side warned a second time
    sends a card off, which plays no more (E-D3)."""
    on_pitch = {"home": list(home_cards), "away": list(away_cards)}
    warned = {"home": 0, "away": 0}
    scores = {"home": rng.randint(0, 3), "away": rng.randint(0, 3)}
    goals = [side for side, count in scores.items() for _ in range(count)]
    rng.shuffle(goals)
    events: list[dict[str, object]] = []
    for index, side in enumerate(goals):
        half = 1 if index < len(goals) / 2 else 2
        defenders = "away" if side == "home" else "home"
        kind = "magic_number" if rng.random() < 0.2 else "open_play"
        if rng.random() < 0.3:
            kind = "penalty"
            events.append(
                {
                    "type": "var",
                    "side": side,
                    "half": half,
                    "strength": 3,
                    "card": "penalty_kick",
                    "warning": True,
                }
            )
            warned[defenders] += 1
            if warned[defenders] >= 2:
                off = on_pitch[defenders].pop(rng.randrange(len(on_pitch[defenders])))
                events.append({"type": "send_off", "side": defenders, "half": half, "card": off})
        card = rng.choice(on_pitch[side])
        events.append({"type": "goal", "side": side, "half": half, "card": card, "kind": kind})
    return {"home_score": scores["home"], "away_score": scores["away"], "events": events}
