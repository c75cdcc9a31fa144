"""What a game leaves (A-P1 … A-P3), recomputed from the stored reports whenever one of the two
teams' results is recorded, corrected or voided, so a correction can only leave it right:
each character's points from the game (rules.arenaball.game_points), his career as the sum
of his games, the dead in the graveyard with their seats empty, the injured missing the
team's next games."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Q, Sum
from django.utils import timezone

from arenaball.cast import Cast
from arenaball.models import Car, Character, CharacterGame, Report, ReportCasualty
from arenaball.report_input import report_data_of
from arenaball.selectors import season_rules
from arenaball.services.reports import rules_lineup
from league.models import Fixture, Team
from rules import arenaball as rules
from rules.arenaball import CrewState

CAREER = ("driver", "gunner", "prestige", "kills", "goals")


def game_aftermath(*, fixture: Fixture) -> None:
    """Rewrite `fixture`'s points and both teams' careers, deaths and missed games. The
    caller holds the recording transaction and the fixture's lock."""
    CharacterGame.objects.filter(fixture=fixture).delete()
    report = _report(fixture)
    teams = [fixture.home_team, fixture.away_team]
    if report is not None:
        CharacterGame.objects.bulk_create(_games(fixture, report, teams))
    characters = list(Character.objects.filter(team__in=teams))
    _careers(characters)
    _deaths(characters)
    for team in teams:
        _misses(team)


def _report(fixture: Fixture) -> Report | None:
    return (
        Report.objects.filter(result__fixture=fixture)
        .prefetch_related("goals", "kills", "casualties", "substitutions")
        .first()
    )


def report_rules(
    report: Report, fixture: Fixture, cast: Cast
) -> tuple[rules.MatchReport, rules.MatchLineup, rules.MatchLineup]:
    """A stored report and its line-ups as the rules read them (the stored rows read back
    as the report they were, then converted as any report is)."""
    home = rules_lineup(report.lineups["home"], cast)
    away = rules_lineup(report.lineups["away"], cast)
    match = report_data_of(report).to_rules(
        cast=cast,
        home=fixture.home_team,
        away=fixture.away_team,
        settings=season_rules(season=fixture.round.season),
    )
    return match, home, away


def _games(fixture: Fixture, report: Report, teams: list[Team]) -> list[CharacterGame]:
    """A-P1: a row for everyone who took part, with what he earned and how he ended."""
    cast = Cast(teams, Character.objects.filter(team__in=teams))
    match, home, away = report_rules(report, fixture, cast)
    settings = season_rules(season=fixture.round.season)
    awards = rules.game_points(match, home=home, away=away, settings=settings)
    states = {c.character: c.state for c in match.casualties}
    rows = []
    for lineup in (home, away):
        cars = {who: car.slot for car in lineup.cars for who in car.crew().values()}
        for seat, who in rules.took_part_seats(lineup, match.substitutions):
            award = awards.get(who)
            character_id = cast.character_id(who)
            if award is None or character_id is None:
                continue
            rows.append(
                CharacterGame(
                    character_id=character_id,
                    fixture=fixture,
                    team_id=cast.team_pk(lineup.team),
                    car=cars.get(who, "") if seat is not rules.Seat.PED else "",
                    seat=seat.value,
                    driver=award.driver,
                    gunner=award.gunner,
                    prestige=award.prestige,
                    kills=award.kills,
                    goals=award.goals,
                    state=states.get(who, CrewState.UNHURT).value,
                )
            )
    return rows


def _careers(characters: Iterable[Character]) -> None:
    """A-P2: each character's card, the sum of his games in seasons that count for careers."""
    characters = list(characters)
    counted = Q(game_log__fixture__round__season__counts_for_careers=True)
    totals = {
        row["pk"]: row
        for row in Character.objects.filter(pk__in=[c.pk for c in characters])
        .values("pk")
        .annotate(
            **{name: Sum(f"game_log__{name}", filter=counted, default=0) for name in CAREER},
            played=Count("game_log", filter=counted),
        )
    }
    changed = []
    for character in characters:
        row = totals[character.pk]
        values = {
            "driver_points": row["driver"],
            "gunner_points": row["gunner"],
            "prestige": row["prestige"],
            "kills": row["kills"],
            "goals": row["goals"],
            "games": row["played"],
        }
        if any(getattr(character, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(character, name, value)
            changed.append(character)
    Character.objects.bulk_update(
        changed, [*("driver_points", "gunner_points"), "prestige", "kills", "goals", "games"]
    )


def _deaths(characters: Iterable[Character]) -> None:
    """A-P3: the dead leave the roster for good (their seats empty, for the coach to sign a
    replacement); a death a correction took away brings the character back as a reserve."""
    characters = list(characters)
    deaths = dict(
        ReportCasualty.objects.filter(character__in=characters, state=CrewState.DEAD)
        .order_by("report__result__fixture__round__number")
        .values_list("character_id", "report__result__fixture_id")
    )
    now = timezone.now()
    for character in characters:
        died_in = deaths.get(character.pk)
        if died_in is not None and character.state != Character.State.DEAD:
            character.state, character.died_in_id, character.left_at = (
                Character.State.DEAD,
                died_in,
                now,
            )
            character.save(update_fields=["state", "died_in", "left_at"])
            Car.objects.filter(driver=character).update(driver=None)
            Car.objects.filter(gunner=character).update(gunner=None)
        elif died_in is None and character.state == Character.State.DEAD:
            character.state, character.died_in, character.left_at = (
                Character.State.ACTIVE,
                None,
                None,
            )
            character.save(update_fields=["state", "died_in", "left_at"])
        elif died_in is not None and character.died_in_id != died_in:
            character.died_in_id = died_in
            character.save(update_fields=["died_in"])


def _misses(team: Team) -> None:
    """A-P3 (decided): an injured character misses the team's next game(s): walk the team's
    played games in order, as rules.arenaball.misses_after counts them down."""
    fixtures = (
        Fixture.objects.filter(
            Q(home_team=team) | Q(away_team=team), result__arenaball_report__isnull=False
        )
        .select_related("round__season")
        .order_by("round__season__created_at", "round__number", "pk")
    )
    injured: dict[int, list[int]] = {}
    for row in ReportCasualty.objects.filter(team=team, state=CrewState.INJURED).values_list(
        "report__result__fixture_id", "character_id"
    ):
        injured.setdefault(row[0], []).append(row[1])
    misses: dict[str, int] = {}
    games_missed: dict[int, int] = {}
    for fixture in fixtures:
        season = fixture.round.season
        if season.pk not in games_missed:
            games_missed[season.pk] = season_rules(season=season).injury_games_missed
        games = games_missed[season.pk]
        carried = rules.CarryOver(
            dead=frozenset(),
            misses={str(pk): games for pk in injured.get(fixture.pk, ()) if games > 0},
        )
        misses = rules.misses_after(misses, carried)
    stored = Character.objects.filter(team=team)
    for character in stored:
        left = misses.get(str(character.pk), 0)
        if character.games_to_miss != left:
            character.games_to_miss = left
            character.save(update_fields=["games_to_miss"])
