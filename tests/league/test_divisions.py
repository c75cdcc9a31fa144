"""Seasons in divisions (league/services/divisions.py), for a game that is nothing but its table:
the set-up and its problems, the schedule within and across divisions, each division's table,
the playoffs seeded from the division winners then the wild cards (ties broken by the
league's tie-breakers, M-L2), the bracket page, and a two-division season played to its
champion. Seasons without divisions are unchanged (their own tests)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client
from django.urls import reverse

from league.access import Actor
from league.capabilities.rosters import Rosters
from league.errors import LeagueError, PermissionRefused
from league.models import AuditEntry, Division, Fixture, League, Round, Season, StandingRow, Team
from league.rulesets import Ruleset, ruleset_register, ruleset_unregister
from league.selectors.divisions import division_playoff_seeds, division_problems, division_tables
from league.services.divisions import division_delete, division_save
from league.services.leagues import league_create
from league.services.playoffs import playoffs_advance, playoffs_start, playoffs_start_refusal
from league.services.results import result_store
from league.services.schedule import season_generate_schedule
from league.services.season_end import season_close, season_rollover
from league.services.seasons import season_create, season_transition, season_update
from league.services.teams import team_create
from league.services.tournaments import tournament_create
from rules.standings import TableSettings

pytestmark = pytest.mark.django_db


class Table(Ruleset, Rosters):
    key = "division-test"
    label = "Division Test"

    def table_settings(self, *, season: Season) -> TableSettings:
        return TableSettings(points_win=2, points_overtime_win=2, points_overtime_loss=0)

    def team_setup(self, *, team: Team, actor: Actor) -> None:
        pass


@pytest.fixture
def table_game() -> Iterator[Table]:
    ruleset = Table()
    ruleset_register(ruleset)
    yield ruleset
    ruleset_unregister(ruleset.key)


@pytest.fixture
def commissioner(db: None) -> User:
    return User.objects.create(username="commissioner")


def _league(commissioner: User, ruleset: str = "division-test") -> League:
    return league_create(
        name="Division League", actor=None, ruleset=ruleset, commissioners=[commissioner]
    )


def _season_in_divisions(
    commissioner: User,
    divisions: dict[str, str],
    *,
    within: int = 2,
    across: int = 1,
    playoff_teams: int = 4,
    wild_cards: int = 2,
    ruleset: str = "division-test",
) -> Season:
    """A draft season whose divisions are named by the letters of their teams
    ({"North": "ABCD"}: teams "A" to "D" in North)."""
    season = season_create(
        league=_league(commissioner, ruleset),
        name="Split 2026",
        actor=None,
        playoff_teams=playoff_teams,
    )
    season_update(
        season=season,
        actor=commissioner,
        changes={
            "division_meetings": within,
            "cross_division_meetings": across,
            "wild_cards": wild_cards,
        },
    )
    for order, (name, letters) in enumerate(divisions.items(), start=1):
        teams = [
            team_create(season=season, name=letter, short_name=letter * 2, actor=commissioner)
            for letter in letters
        ]
        division_save(
            season=season,
            actor=commissioner,
            name=name,
            order=order,
            team_ids=[team.pk for team in teams],
        )
    season.refresh_from_db()
    return season


def _start(season: Season, commissioner: User) -> None:
    season_generate_schedule(season=season, actor=commissioner, seed=7)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=commissioner)
    season.refresh_from_db()


def _play(season: Season, stage: str, score) -> None:
    """Every unplayed game of `stage`, scored by `score(home name, away name)`."""
    Round.objects.filter(season=season, status=Round.Status.SCHEDULED).update(
        status=Round.Status.OPEN
    )
    for fixture in (
        Fixture.objects.filter(round__season=season, round__stage=stage)
        .exclude(status=Fixture.Status.PLAYED)
        .select_related("home_team", "away_team")
    ):
        home, away = score(fixture.home_team.name, fixture.away_team.name)
        result_store(fixture=fixture, home_score=home, away_score=away, actor=None)


def _by_name(home: str, away: str) -> tuple[int, int]:
    """The team whose letter comes first always wins, 2 to 0."""
    return (2, 0) if home < away else (0, 2)


def _names(season: Season, team_ids: list[int]) -> list[str]:
    names = dict(Team.objects.filter(league=season.league).values_list("pk", "name"))
    return [names[team] for team in team_ids]


# --- Set-up and its problems ------------------------------------------------------------------


def test_a_two_division_season_schedules_its_meetings_within_and_across(
    table_game, commissioner
) -> None:
    season = _season_in_divisions(commissioner, {"North": "ABCD", "South": "EFGH"})
    assert division_problems(season=season) == []

    rounds = season_generate_schedule(season=season, actor=commissioner, seed=11)

    division_of = dict(StandingRow.objects.filter(season=season).values_list("team_id", "division"))
    meetings = Counter(
        frozenset(pair)
        for pair in Fixture.objects.filter(round__season=season).values_list(
            "home_team_id", "away_team_id"
        )
    )
    assert len(meetings) == 28  # every pair of the eight teams meets
    for pair, count in meetings.items():
        a, b = tuple(pair)
        assert count == (2 if division_of[a] == division_of[b] else 1)
    assert len(rounds) == 10
    season.refresh_from_db()
    assert season.schedule_seed == 11


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("team outside", "In no division: I."),
        ("empty division", "West has no teams: a division needs at least two."),
        ("one division", "needs at least two divisions: add one"),
        ("wild cards", "2 division winners and 1 wild card make 3"),
    ],
)
def test_divisions_that_do_not_add_up_are_named_and_refuse_the_schedule(
    table_game, commissioner, change, problem
) -> None:
    season = _season_in_divisions(commissioner, {"North": "ABCD", "South": "EFGH"})
    if change == "team outside":
        team_create(season=season, name="I", short_name="II", actor=commissioner)
    elif change == "empty division":
        division_save(season=season, actor=commissioner, name="West", order=3)
    elif change == "one division":
        division_delete(division=Division.objects.get(name="South"), actor=commissioner)
    else:
        season_update(season=season, actor=commissioner, changes={"wild_cards": 1})
        season.refresh_from_db()

    assert any(problem in line for line in division_problems(season=season))
    with pytest.raises(LeagueError, match="The divisions are not ready") as refused:
        season_generate_schedule(season=season, actor=commissioner)
    assert refused.value.code == "divisions"
    assert not Round.objects.filter(season=season).exists()


def test_a_division_holds_only_the_seasons_teams_and_moving_a_team_takes_it_along(
    table_game, commissioner
) -> None:
    season = _season_in_divisions(commissioner, {"North": "AB", "South": "CD"}, wild_cards=2)
    north, south = Division.objects.filter(season=season).order_by("order")
    c = Team.objects.get(name="C")
    division_save(
        season=season,
        actor=commissioner,
        name="North",
        team_ids=[*north.rows.values_list("team_id", flat=True), c.pk],
        division=north,
    )
    assert StandingRow.objects.get(team=c).division == north
    assert list(south.rows.values_list("team__name", flat=True)) == ["D"]
    outsider = Team.objects.create(league=season.league, name="Z", short_name="ZZ", slug="z")
    with pytest.raises(LeagueError, match="Not teams of"):
        division_save(season=season, actor=commissioner, name="West", team_ids=[outsider.pk])
    with pytest.raises(LeagueError, match="already has a division named like"):
        division_save(season=season, actor=commissioner, name="north")
    with pytest.raises(LeagueError, match="at most 40 characters"):
        division_save(season=season, actor=commissioner, name="N" * 41)
    with pytest.raises(LeagueError, match="Give the division a name"):
        division_save(season=season, actor=commissioner, name=" ! ")
    assert Division.objects.filter(season=season).count() == 2
    assert AuditEntry.objects.filter(action="season.division").count() == 3


def test_only_the_commissioner_sets_up_divisions_and_only_in_the_draft(
    table_game, commissioner
) -> None:
    season = _season_in_divisions(commissioner, {"North": "AB", "South": "CD"})
    coach, other_coach = User.objects.create(username="coach"), User.objects.create(username="c2")
    Team.objects.filter(name="A").update(coach=coach)
    Team.objects.filter(name="C").update(coach=other_coach)
    for actor in (coach, other_coach, User.objects.create(username="outsider"), AnonymousUser()):
        with pytest.raises(PermissionRefused):
            division_save(season=season, actor=actor, name="West")
        with pytest.raises(PermissionRefused):
            division_delete(division=Division.objects.get(name="North"), actor=actor)
    assert Division.objects.filter(season=season).count() == 2  # nothing changed
    _start(season, commissioner)
    with pytest.raises(LeagueError, match="are fixed: the season is active") as refused:
        division_save(season=season, actor=commissioner, name="West")
    assert refused.value.code == "rules_frozen"
    with pytest.raises(LeagueError, match="can no longer change"):
        season_update(season=season, actor=commissioner, changes={"wild_cards": 0})


def test_a_tournament_has_groups_not_divisions(table_game, commissioner) -> None:
    league = _league(commissioner)
    cup = tournament_create(league=league, name="Cup", actor=commissioner, group_count=0)
    with pytest.raises(LeagueError, match="is a tournament") as refused:
        division_save(season=cup, actor=commissioner, name="North")
    assert refused.value.code == "tournament"
    Division.objects.create(season=cup, name="North", slug="north")  # as a raw write might
    assert division_problems(season=cup)[0].startswith(f"{cup} is a tournament")


# --- Tables and seeding -------------------------------------------------------------------------


def test_each_division_has_its_table_in_the_seasons_order(table_game, commissioner) -> None:
    season = _season_in_divisions(commissioner, {"North": "BDFH", "South": "ACEG"})
    _start(season, commissioner)
    _play(season, Round.Stage.REGULAR, _by_name)

    tables = division_tables(season=season)
    assert [table.division.name for table in tables] == ["North", "South"]
    assert [row.team.name for row in tables[0].rows] == ["B", "D", "F", "H"]
    assert [row.team.name for row in tables[1].rows] == ["A", "C", "E", "G"]
    assert [row.position for row in tables[0].display_rows] == [1, 2, 3, 4]
    assert [row.position for row in tables[0].rows] == [2, 4, 6, 8]  # the season's table


def test_division_winners_are_seeded_first_then_the_best_of_the_rest(
    table_game, commissioner
) -> None:
    # North holds the four best teams; South's winner E is fifth in the table.
    season = _season_in_divisions(commissioner, {"North": "ABCD", "South": "EFGH"})
    _start(season, commissioner)
    _play(season, Round.Stage.REGULAR, _by_name)

    seeds = division_playoff_seeds(season=season)
    assert [
        (name, won)
        for name, (_, won) in zip(_names(season, [t for t, _ in seeds]), seeds, strict=True)
    ] == [
        ("A", True),
        ("E", True),
        ("B", False),
        ("C", False),
    ]


def test_a_wild_card_between_level_teams_goes_by_the_leagues_tie_breakers(
    table_game, commissioner
) -> None:
    # Three divisions of two, one wild card. B and D are level on points (each beats F,
    # draws with the other, loses to A, C and E); D's bigger wins give it the better score
    # difference (M-L2), so D, not B (first by name), takes the wild card.
    season = _season_in_divisions(
        commissioner,
        {"North": "AB", "South": "CD", "West": "EF"},
        within=1,
        across=1,
        wild_cards=1,
    )
    strength = {"A": 9, "C": 8, "E": 7, "B": 5, "D": 5, "F": 1}

    def score(home: str, away: str) -> tuple[int, int]:
        if strength[home] == strength[away]:
            return (1, 1)
        winner_goals = (
            4 if "D" in (home, away) and strength["D"] > min(strength[home], strength[away]) else 1
        )
        return (winner_goals, 0) if strength[home] > strength[away] else (0, winner_goals)

    _start(season, commissioner)
    _play(season, Round.Stage.REGULAR, score)
    rows = {
        row.team.name: row
        for row in StandingRow.objects.filter(season=season).select_related("team")
    }
    assert rows["B"].points == rows["D"].points
    d_position, b_position = rows["D"].position, rows["B"].position
    assert d_position is not None
    assert b_position is not None
    assert d_position < b_position

    seeds = division_playoff_seeds(season=season)
    assert _names(season, [team for team, _ in seeds]) == ["A", "C", "E", "D"]
    assert [won for _, won in seeds] == [True, True, True, False]


# --- Playoffs to the champion -------------------------------------------------------------------


def test_a_two_division_season_is_played_to_its_champion(table_game, commissioner) -> None:
    season = _season_in_divisions(commissioner, {"North": "ABCD", "South": "EFGH"})
    _start(season, commissioner)
    assert playoffs_start_refusal(season=season).code == "season_unfinished"
    _play(season, Round.Stage.REGULAR, _by_name)

    semis = playoffs_start(season=season, actor=commissioner)

    # Seeds A 1, E 2 (South's winner), B 3 and C 4 (wild cards): 1 v 4 and 2 v 3.
    pairs = sorted(
        (fixture.home_team.name, fixture.away_team.name)
        for fixture in semis.fixtures.select_related("home_team", "away_team")
    )
    assert pairs == [("A", "C"), ("E", "B")]
    seeds = dict(
        StandingRow.objects.filter(season=season, bracket_seed__isnull=False).values_list(
            "team__name", "bracket_seed"
        )
    )
    assert seeds == {"A": 1, "E": 2, "B": 3, "C": 4}
    # The home side wins each knockout game: the higher seeds go through.
    _play(season, Round.Stage.PLAYOFF, lambda home, away: (3, 1))
    final = playoffs_advance(season=season, actor=commissioner)
    assert isinstance(final, Round)
    (game,) = final.fixtures.select_related("home_team", "away_team")
    assert (game.home_team.name, game.away_team.name) == ("A", "E")
    # A level final goes to the higher seed (docs/rules-decisions.md): A, seeded 1.
    _play(season, Round.Stage.PLAYOFF, lambda home, away: (1, 1))
    champion = playoffs_advance(season=season, actor=commissioner)
    assert champion == Team.objects.get(name="A")

    # The next season keeps the divisions, their teams and their settings.
    following = season_rollover(
        season=season_close(season=season, actor=commissioner),
        name="Split 2027",
        actor=commissioner,
    )
    carried = {
        table.division.name: [row.team.name for row in table.rows]
        for table in division_tables(season=following)
    }
    assert carried == {"North": ["A", "B", "C", "D"], "South": ["E", "F", "G", "H"]}
    assert (following.division_meetings, following.cross_division_meetings) == (2, 1)
    assert (following.wild_cards, following.playoff_teams) == (2, 4)
    assert division_problems(season=following) == []


def test_the_bracket_page_names_division_winners_and_wild_cards(
    table_game, commissioner, client: Client
) -> None:
    season = _season_in_divisions(commissioner, {"North": "ABCD", "South": "EFGH"})
    _start(season, commissioner)
    url = reverse("tournament-bracket", args=[season.league.slug, season.slug])
    before = client.get(url)
    assert before.status_code == 200
    assert "every division's winner and 2 wild cards" in before.content.decode()
    _play(season, Round.Stage.REGULAR, _by_name)
    playoffs_start(season=season, actor=commissioner)

    page = client.get(url).content.decode()

    assert page.count("North winner") == 1
    assert page.count("South winner") == 1
    assert page.count("Wild card") == 2
    assert "their winners first" in page
    standings = client.get(reverse("standings", args=[season.league.slug, season.slug]))
    assert f'href="{url}"' in standings.content.decode()  # the season's menu links it


def test_a_season_without_divisions_seeds_by_the_table_on_its_playoffs_page(
    table_game, commissioner, client: Client
) -> None:
    season = season_create(league=_league(commissioner), name="Plain", actor=None, playoff_teams=2)
    for letter in "ABC":
        team_create(season=season, name=letter, short_name=letter * 2, actor=None)
    _start(season, commissioner)
    url = reverse("tournament-bracket", args=[season.league.slug, season.slug])
    assert "the top 2 of the table" in client.get(url).content.decode()
    _play(season, Round.Stage.REGULAR, _by_name)
    final = playoffs_start(season=season, actor=commissioner)
    (game,) = final.fixtures.select_related("home_team", "away_team")
    assert (game.home_team.name, game.away_team.name) == ("A", "B")
    assert not StandingRow.objects.filter(season=season, bracket_seed__isnull=False).exists()
    page = client.get(url).content.decode()
    assert "seeded from the top of the table" in page
    assert "Wild card" not in page
    # A season without playoffs has no such page.
    no_playoffs = season_create(league=season.league, name="Friendly", actor=None, playoff_teams=0)
    missing = client.get(reverse("tournament-bracket", args=[season.league.slug, no_playoffs.slug]))
    assert missing.status_code == 404


# --- The standings page and the API -------------------------------------------------------------


def test_the_standings_page_shows_each_divisions_table_then_the_overall_one(
    table_game, commissioner, client: Client
) -> None:
    season = _season_in_divisions(commissioner, {"North": "BDFH", "South": "ACEG"})
    _start(season, commissioner)
    _play(season, Round.Stage.REGULAR, _by_name)

    page = client.get(reverse("standings", args=[season.league.slug, season.slug]))

    html = page.content.decode()
    assert page.status_code == 200
    north, south, overall = (
        html.index(">North</h2>"),
        html.index(">South</h2>"),
        html.index(">Overall</h2>"),
    )
    assert north < south < overall
    assert "Standings of Division League, Split 2026: North" in html


def test_the_api_gives_the_divisions_and_each_rows_division(
    table_game, commissioner, client: Client
) -> None:
    season = _season_in_divisions(commissioner, {"North": "BDFH", "South": "ACEG"})
    _start(season, commissioner)
    _play(season, Round.Stage.REGULAR, _by_name)
    north, south = Division.objects.filter(season=season).order_by("order")
    ids = dict(Team.objects.filter(league=season.league).values_list("name", "pk"))

    detail = client.get(f"/api/v1/seasons/{season.pk}/").json()
    rows = client.get(f"/api/v1/seasons/{season.pk}/standings/").json()

    assert [d["name"] for d in detail["divisions"]] == ["North", "South"]
    assert detail["divisions"][0]["teams"] == [ids[name] for name in "BDFH"]
    assert (detail["division_meetings"], detail["cross_division_meetings"]) == (2, 1)
    assert detail["wild_cards"] == 2
    by_team = {row["team"]["name"]: row for row in rows}
    assert (by_team["A"]["division"], by_team["A"]["division_position"]) == (south.pk, 1)
    assert (by_team["H"]["division"], by_team["H"]["division_position"]) == (north.pk, 4)
    assert by_team["H"]["position"] == 8


def test_a_season_without_divisions_shows_one_table_and_null_divisions(
    table_game, commissioner, client: Client
) -> None:
    season = season_create(league=_league(commissioner), name="Plain", actor=None)
    for letter in "AB":
        team_create(season=season, name=letter, short_name=letter * 2, actor=None)
    _start(season, commissioner)
    html = client.get(reverse("standings", args=[season.league.slug, season.slug])).content.decode()
    assert "Overall</h2>" not in html
    assert client.get(f"/api/v1/seasons/{season.pk}/").json()["divisions"] == []
    rows = client.get(f"/api/v1/seasons/{season.pk}/standings/").json()
    assert {(row["division"], row["division_position"]) for row in rows} == {(None, None)}


# --- Every game ---------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["magnoball", "arenaball", "mn11"])
def test_every_games_season_schedules_and_shows_its_division_tables(
    commissioner, client: Client, ruleset: str
) -> None:
    season = _season_in_divisions(
        commissioner, {"East Conference": "ABC", "West Conference": "DEF"}, ruleset=ruleset
    )

    rounds = season_generate_schedule(season=season, actor=commissioner, seed=5)

    # Within: two meetings of 3 pairs in each conference; across: 9 pairs once.
    assert Fixture.objects.filter(round__season=season).count() == 2 * 3 * 2 + 9
    assert len(rounds) == 5 + 3  # the six teams' round robin, then each conference's
    page = client.get(reverse("standings", args=[season.league.slug, season.slug]))
    html = page.content.decode()
    assert page.status_code == 200
    assert ">East Conference</h2>" in html
    assert ">West Conference</h2>" in html
    rows = client.get(f"/api/v1/seasons/{season.pk}/standings/").json()
    assert {row["division_position"] for row in rows} == {1, 2, 3}


@pytest.mark.django_db(transaction=True)
def test_a_renamed_division_refreshes_the_cached_standings_page(
    table_game, commissioner, client: Client
) -> None:
    season = _season_in_divisions(commissioner, {"North": "AB", "South": "CD"})
    url = reverse("standings", args=[season.league.slug, season.slug])
    assert ">North</h2>" in client.get(url).content.decode()

    # A write to the divisions' table alone (no standings row touched) bumps the version.
    Division.objects.filter(season=season, name="North").update(name="Northern Conference")

    page = client.get(url).content.decode()
    assert ">Northern Conference</h2>" in page
    assert ">North</h2>" not in page
