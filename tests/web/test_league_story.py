"""The league's story (issue #17, item 3), for every game: the graveyard and a team's
"Career over" (M-I2, A-P3), champions, a team's season by season history, head to head,
knockout rounds named by their distance from the final, season and career totals on the
player page, and a team's own calendar feed."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from arenaball.report_input import CasualtyData
from injuries.models import Injury
from league.models import Fixture, Result, Round, Season, StandingRow, Team
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rosters.models import Player, PlayerSeason, PlayerSeasonStat
from tests.arenaball import world as arena
from tests.mn11 import world as eleven
from tests.world import World

pytestmark = pytest.mark.django_db


def _retire(player: Player, fixture: Fixture) -> None:
    """What the injury service does on a 1 of the permanent-injury roll (M-I2)."""
    Injury.objects.create(
        player=player,
        season=fixture.round.season,
        fixture=fixture,
        duration_die="d8",
        duration_roll=6,
        games_out=3,
        permanent_roll=1,
        permanent=True,
        state=Injury.State.CAREER_OVER,
    )
    player.roster_state = Player.RosterState.RETIRED
    player.left_at = timezone.now()
    player.save(update_fields=["roster_state", "left_at"])


def _play(fixture: Fixture, home: int, away: int) -> None:
    Result.objects.create(fixture=fixture, home_score=home, away_score=away, source="reported")
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)


def _knockout_round(season: Season, pairs: list[tuple[Team, Team]]) -> Round:
    last = season.rounds.order_by("-number").first()
    round_ = Round.objects.create(
        season=season, number=(last.number if last else 0) + 1, stage=Round.Stage.PLAYOFF
    )
    for home, away in pairs:
        Fixture.objects.create(round=round_, home_team=home, away_team=away)
    return round_


# --- MagnoBall: the career over, on the team page and in the graveyard -------------------------


def test_a_retired_superstar_shows_under_career_over_and_in_the_graveyard(
    client: Client, world: World, match_day: Fixture
):
    """Retired players used to vanish from the team page, and its badge never showed."""
    star = world.home.players.order_by("id").first()
    star.superstar = True
    star.save(update_fields=["superstar"])
    _retire(star, match_day)
    released = world.home.players.exclude(pk=star.pk).order_by("id").first()
    released.roster_state = Player.RosterState.RELEASED
    released.save(update_fields=["roster_state"])

    team_page = client.get(reverse("team", args=[world.home.pk])).content.decode()
    section = team_page.split('id="career-over"', 1)[1].split("</section>", 1)[0]
    assert star.name in section
    assert "Superstar" in section
    assert "Career over" in section
    assert "Permanent" in section or "M-I2" in section
    assert released.name not in section

    graveyard = client.get(reverse("graveyard", args=[world.league.slug]))
    assert graveyard.status_code == 200
    page = graveyard.content.decode()
    assert star.name in page
    assert "Permanent injury (M-I2)" in page
    assert reverse("fixture", args=[match_day.pk]) in page
    assert released.name not in page  # released is not a career over (rules-decisions)


def test_the_graveyard_of_a_league_without_one_says_so(client: Client, world: World):
    page = client.get(reverse("graveyard", args=[world.league.slug])).content.decode()
    assert "No career is over yet." in page


def test_a_private_leagues_story_pages_are_not_found(client: Client, world: World):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    assert client.get(reverse("graveyard", args=[world.league.slug])).status_code == 404
    assert client.get(reverse("head-to-head", args=[world.league.slug])).status_code == 404
    assert client.get(reverse("team-history", args=[world.home.pk])).status_code == 404


# --- Named knockout rounds ---------------------------------------------------------------------


@pytest.fixture
def knockout(make_league) -> Season:
    """Four teams, their round robin played, the semi-finals played and the final drawn."""
    _, season = make_league("Knockout League", teams=4)
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    for fixture in Fixture.objects.filter(round__season=season):
        _play(fixture, 2, 1)
    teams = list(season.teams.order_by("id"))
    semis = _knockout_round(season, [(teams[0], teams[3]), (teams[1], teams[2])])
    for fixture in semis.fixtures.all():
        _play(fixture, 3, 0)
    _knockout_round(season, [(teams[0], teams[1])])
    return season


@pytest.mark.parametrize(
    ("games", "label"),
    [(1, "Final"), (2, "Semi-finals"), (4, "Quarter-finals"), (8, "Round of 16")],
)
def test_a_knockout_round_is_named_by_its_distance_from_the_final(games: int, label: str):
    round_ = Round(number=9, stage=Round.Stage.PLAYOFF)
    round_.game_count = games
    assert round_.label == label
    assert Round(number=9, stage=Round.Stage.REGULAR).label == "Round 9"


def test_the_fixtures_page_and_the_api_name_the_knockout_rounds(client: Client, knockout):
    page = client.get(reverse("fixtures", args=[knockout.league.slug, knockout.slug]))
    text = page.content.decode()
    regular = knockout.rounds.filter(stage=Round.Stage.REGULAR).count()
    assert ">Semi-finals <span" in text
    assert ">Final <span" in text
    assert f">Round {regular + 1} <span" not in text
    assert f'<option value="{regular + 2}">Final</option>' in text

    final = Fixture.objects.get(round__season=knockout, round__number=regular + 2)
    assert "Final" in client.get(reverse("fixture", args=[final.pk])).content.decode()
    body = client.get(f"/api/v1/fixtures/?season={knockout.pk}&stage=playoff").json()
    labels = sorted({row["round_label"] for row in body["results"]})
    assert labels == ["Final", "Semi-finals"]


# --- Champions, a team's history and head to head ----------------------------------------------


def test_the_champion_shows_on_the_league_season_team_and_history_pages(client: Client, knockout):
    regular = knockout.rounds.filter(stage=Round.Stage.REGULAR).count()
    final = Fixture.objects.get(round__season=knockout, round__number=regular + 2)
    _play(final, 1, 0)
    champion, runner_up = final.home_team, final.away_team
    knockout.champion, knockout.status = champion, Season.Status.FINISHED
    knockout.save(update_fields=["champion", "status"])
    StandingRow.objects.filter(season=knockout, team=champion).update(position=1)
    semi_loser = (
        Fixture.objects.filter(round__season=knockout, round__number=regular + 1)
        .exclude(away_team=runner_up)
        .first()
        .away_team
    )

    league_page = client.get(reverse("league", args=[knockout.league.slug])).content.decode()
    assert 'id="champions-title"' in league_page
    assert champion.name in league_page
    season_page = client.get(reverse("season", args=[knockout.league.slug, knockout.slug]))
    assert reverse("team-history", args=[champion.pk]) in season_page.content.decode()
    team_page = client.get(reverse("team", args=[champion.pk])).content.decode()
    assert "Champion: " in team_page
    assert knockout.name in team_page
    assert reverse("team-history", args=[champion.pk]) in team_page

    history = client.get(reverse("team-history", args=[champion.pk])).content.decode()
    assert "Champion" in history
    assert 'class="champion-mark"' in history
    assert "Runner-up" in client.get(reverse("team-history", args=[runner_up.pk])).content.decode()
    lost = client.get(reverse("team-history", args=[semi_loser.pk])).content.decode()
    assert "Out in the Semi-finals" in lost


def test_head_to_head_counts_every_game_between_two_teams(client: Client, knockout):
    a, b = list(knockout.teams.order_by("id"))[:2]
    between = Fixture.objects.filter(round__season=knockout).filter(
        home_team__in=[a, b], away_team__in=[a, b]
    )
    played = between.filter(status=Fixture.Status.PLAYED)
    a_home = played.filter(home_team=a).count()  # every game played ended 2-1 or 3-0 at home
    url = reverse("head-to-head", args=[knockout.league.slug])
    page = client.get(url, {"a": a.pk, "b": b.pk})
    assert page.status_code == 200
    text = page.content.decode()
    assert f"{played.count()} games played" in text
    assert f"<strong>{a.name} {a_home}</strong> won" in text
    assert f"<strong>{b.name} {played.count() - a_home}</strong> won" in text
    for fixture in between:
        assert reverse("fixture", args=[fixture.pk]) in text


def test_head_to_head_refuses_the_same_team_twice_or_another_leagues(
    client: Client, knockout, world: World
):
    url = reverse("head-to-head", args=[knockout.league.slug])
    a = knockout.teams.order_by("id").first()
    same = client.get(url, {"a": a.pk, "b": a.pk})
    assert same.status_code == 400
    assert "Pick two different teams." in same.content.decode()
    foreign = client.get(url, {"a": a.pk, "b": world.home.pk})
    assert foreign.status_code == 400
    assert "Pick one of this league&#x27;s teams." in foreign.content.decode()
    assert client.get(url, {"a": a.pk}).status_code == 200  # a team page's link: one side picked


# --- Player totals -----------------------------------------------------------------------------


def test_the_player_page_shows_season_and_career_totals(client: Client, world: World):
    player = world.home.players.order_by("id")[0]
    older = Season.objects.create(league=world.league, name="Autumn 2025", slug="autumn-2025")
    for season, games, points, successes in ((older, 3, 4, 2), (world.season, 2, 5, 3)):
        PlayerSeason.objects.create(player=player, season=season, games_played=games, points=points)
        PlayerSeasonStat.objects.create(
            player=player, season=season, category="scoring", attempts=5, successes=successes
        )
    page = client.get(reverse("player", args=[player.pk])).content.decode()
    totals = page.split('id="totals-title"', 1)[1].split("</section>", 1)[0]
    assert "Autumn 2025" in totals
    assert world.season.name in totals
    career = totals.split("Career", 1)[1]
    assert '<td class="num">5</td><td class="num">9</td><td class="num">5/10</td>' in career


# --- A team's calendar feed --------------------------------------------------------------------


def test_the_calendar_feed_honours_the_team_filter(client: Client, knockout):
    team = knockout.teams.order_by("id").first()
    url = reverse("fixtures-ical", args=[knockout.league.slug, knockout.slug])
    feed = client.get(url, {"team": team.pk}).content.decode()
    own = Fixture.objects.filter(Q(home_team=team) | Q(away_team=team), round__season=knockout)
    assert feed.count("BEGIN:VEVENT") == own.count()
    assert feed.count("BEGIN:VEVENT") < client.get(url).content.decode().count("BEGIN:VEVENT")
    assert "(Final)" in feed
    assert client.get(url, {"team": "999999"}).status_code == 404
    assert client.get(url, {"team": "x"}).status_code == 404

    fixtures = reverse("fixtures", args=[knockout.league.slug, knockout.slug])
    assert f"{url}?team={team.pk}" in client.get(fixtures, {"team": team.pk}).content.decode()
    assert f"{url}?team={team.pk}" in client.get(reverse("team", args=[team.pk])).content.decode()


# --- The other games ---------------------------------------------------------------------------


def test_arenaball_dead_fill_the_graveyard_and_every_page_of_the_story_serves_it(
    client: Client,
):
    world = arena.arena_world(teams=2)
    fixture = world.fixture(1)
    away = fixture.away_team
    dead = arena.driver(away, "1")
    arena.play(
        fixture, actor=world.commissioner, casualties=(CasualtyData(away.pk, dead.pk, "dead"),)
    )
    graveyard = client.get(reverse("graveyard", args=[world.league.slug])).content.decode()
    assert dead.name in graveyard
    assert "Died (A-P3)" in graveyard
    assert reverse("fixture", args=[fixture.pk]) in graveyard

    team_page = client.get(reverse("team", args=[away.pk])).content.decode()
    assert reverse("team-history", args=[away.pk]) in team_page
    assert reverse("graveyard", args=[world.league.slug]) in team_page
    history = client.get(reverse("team-history", args=[away.pk]))
    assert history.status_code == 200
    assert world.season.name in history.content.decode()
    record = client.get(
        reverse("head-to-head", args=[world.league.slug]),
        {"a": fixture.home_team_id, "b": away.pk},
    ).content.decode()
    assert "1 game played" in record

    scorer = arena.driver(fixture.home_team, "1")
    card = client.get(reverse("arenaball-character", args=[scorer.pk])).content.decode()
    assert 'id="seasons-title"' in card
    assert world.season.name in card


def test_magic_number_eleven_has_no_graveyard_but_its_story_pages(client: Client):
    world = eleven.mn11_world(teams=2)
    fixture = world.fixture(1)
    eleven.play(fixture, actor=world.commissioner)
    page = client.get(reverse("graveyard", args=[world.league.slug])).content.decode()
    assert "end no careers" in page
    home = fixture.home_team
    assert (
        reverse("team-history", args=[home.pk])
        in client.get(reverse("team", args=[home.pk])).content.decode()
    )
    assert client.get(reverse("team-history", args=[home.pk])).status_code == 200
    record = client.get(
        reverse("head-to-head", args=[world.league.slug]),
        {"a": home.pk, "b": fixture.away_team_id},
    ).content.decode()
    assert "1 game played" in record


def test_the_team_history_of_a_team_without_seasons(client: Client, world: World):
    lonely = Team.objects.create(
        league=world.league, name="Lonely", short_name="LON", slug="lonely"
    )
    page = client.get(reverse("team-history", args=[lonely.pk])).content.decode()
    assert "has played no season yet" in page
