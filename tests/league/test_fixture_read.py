"""`league.selectors.fixtures`: the API's check of a reported result's fixture
(`fixture_for_user`) and the lock a result's service begins with (`fixture_locked`), each
one statement written as SQL, answer as the ORM queries they replaced did."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db.models import Exists, Model, OuterRef, Value

from games.services import result_record
from league.access import ACTOR_COMMISSIONER
from league.models import Fixture, League, Result
from league.selectors.fixtures import fixture_for_user, fixture_locked
from league.selectors.leagues import league_visible_q
from league.webhooks.models import Subscription
from league.webhooks.services.events import LEAGUE_SUBSCRIBED
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def commissioner_known(*, user, league_path: str):
    """The ORM annotation the statements' commissioner flag stands for."""
    if user is None or not user.is_authenticated:
        return {ACTOR_COMMISSIONER: Value(False)}
    if user.is_superuser:
        return {ACTOR_COMMISSIONER: Value(True)}
    through = League.commissioners.through.objects.filter(
        league_id=OuterRef(f"{league_path}_id"), user_id=user.pk
    )
    return {ACTOR_COMMISSIONER: Exists(through)}


def _orm(fixture_id, user):
    """The ORM query fixture_for_user stands for (api/access.py before it)."""
    path = "round__season__league"
    return (
        Fixture.objects.select_related(path, "home_team", "away_team")
        .annotate(**commissioner_known(user=user, league_path=path))
        .filter(
            pk=fixture_id,
            **{f"{path}__in": League.objects.filter(league_visible_q(user=user)).values("pk")},
        )
        .first()
    )


def _fields(obj: Model) -> dict[str, object]:
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


def _users(world, private: bool):
    if private:
        League.objects.filter(pk=world.league.pk).update(is_public=False)
    return {
        "anonymous": AnonymousUser(),
        "outsider": world.outsider,
        "coach": world.home_coach,
        "commissioner": world.commissioner,
        "superuser": UserFactory.create(is_superuser=True),
    }


@pytest.mark.parametrize("private", [False, True], ids=["public", "private"])
def test_each_user_gets_what_the_orm_query_gave(world, match_day, private):
    for name, user in _users(world, private).items():
        got = fixture_for_user(fixture_id=match_day.pk, user=user)
        expected = _orm(match_day.pk, user)

        assert (got is None) == (expected is None), name
        if expected is None:
            continue
        assert getattr(got, ACTOR_COMMISSIONER) is bool(getattr(expected, ACTOR_COMMISSIONER)), name
        for path in ("", "round", "round.season", "round.season.league", "home_team", "away_team"):
            mine, theirs = got, expected
            for step in filter(None, path.split(".")):
                mine, theirs = getattr(mine, step), getattr(theirs, step)
            assert type(mine) is type(theirs)
            assert _fields(mine) == _fields(theirs), (name, path)


def test_who_sees_a_private_league_and_who_is_its_commissioner(world, match_day):
    users = _users(world, private=True)
    seen = {
        name: fixture_for_user(fixture_id=match_day.pk, user=user) for name, user in users.items()
    }

    assert seen["anonymous"] is None
    assert seen["outsider"] is None
    assert {name: getattr(f, ACTOR_COMMISSIONER) for name, f in seen.items() if f} == {
        "coach": False,
        "commissioner": True,
        "superuser": True,
    }


def test_no_such_fixture(world, match_day):
    assert fixture_for_user(fixture_id=match_day.pk + 1000, user=world.commissioner) is None


@pytest.mark.parametrize("fixture_id", [2**63, 196434968458967207903232, -(2**63) - 1])
def test_a_key_beyond_the_column_is_no_fixture(world, match_day, fixture_id):
    # An address's id is any number of digits: SQLite refused to bind one past 64 bits (a
    # server error), where the ORM's lookup finds nothing.
    assert not Fixture.objects.filter(pk=fixture_id).exists()
    assert fixture_for_user(fixture_id=fixture_id, user=world.commissioner) is None
    with pytest.raises(Fixture.DoesNotExist):
        fixture_locked(fixture_id=fixture_id, related=(), actor=None)


def test_its_relations_come_with_it(world, match_day, django_assert_num_queries):
    name = str(match_day)
    with django_assert_num_queries(1):
        fixture = fixture_for_user(fixture_id=match_day.pk, user=world.home_coach)
        assert fixture is not None
        assert str(fixture) == name
        assert fixture.round.season.league.pk == world.league.pk
        assert fixture.home_team.coach_id == world.home_coach.pk


# --- The lock a result's service begins with -------------------------------------------------


def _orm_locked(fixture_id, user, related):
    """The ORM query fixture_locked stands for (league.services.result_steps.fixture_lock before
    it)."""
    path = "round__season__league"
    subscribed = Subscription.objects.filter(league_id=OuterRef(f"{path}_id"), active=True)
    return (
        Fixture.objects.select_related(path, "result", *related)
        .annotate(**{LEAGUE_SUBSCRIBED: Exists(subscribed)})
        .annotate(**commissioner_known(user=user, league_path=path))
        .get(pk=fixture_id)
    )


def _same_tree(got, expected, paths, name):
    for path in ("", *(p.replace("__", ".") for p in paths)):
        mine, theirs = got, expected
        steps = [s for s in path.split(".") if s]
        for step in steps:
            mine, theirs = getattr(mine, step), getattr(theirs, step)
        assert type(mine) is type(theirs), (name, path)
        assert _fields(mine) == _fields(theirs), (name, path)


# The relations each caller asks for: MagnoBall's result service (the teams come with their
# lock on PostgreSQL, so not joined there), another game's with the teams joined, and a
# simulation's kick-off (games.services.fixture_team_sheets).
SHAPES = {
    "magnoball": ("round__season__rules",),
    "teams": ("home_team", "away_team"),
    "kick-off": ("home_team", "away_team", "round__season__rules"),
}


@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("subscribed", [False, True], ids=["no-webhook", "webhook"])
def test_the_lock_loads_what_the_orm_query_loaded(world, match_day, shape, subscribed):
    if subscribed:
        Subscription.objects.create(
            league=world.league,
            owner=world.commissioner,
            url="https://example.com/hook",
            secret="s" * 32,
        )
    related = SHAPES[shape]
    for name, user in {**_users(world, private=False), "server": None}.items():
        got = fixture_locked(fixture_id=match_day.pk, related=related, actor=user)
        expected = _orm_locked(match_day.pk, user, related)

        assert getattr(got, LEAGUE_SUBSCRIBED) is subscribed, name
        assert getattr(got, ACTOR_COMMISSIONER) is bool(getattr(expected, ACTOR_COMMISSIONER))
        _same_tree(got, expected, ("round__season__league", *related), name)
        # No result yet: known without a query, as select_related leaves it.
        with pytest.raises(Result.DoesNotExist):
            got.result  # noqa: B018


def test_the_lock_brings_the_result_when_there_is_one(world, match_day, django_assert_num_queries):
    from games.services import ResultReport

    stored = result_record(fixture=match_day, report=ResultReport(0, 0), actor=None)
    with django_assert_num_queries(1):
        got = fixture_locked(fixture_id=match_day.pk, related=SHAPES["magnoball"], actor=None)
        assert (got.result.pk, got.result.fixture is got) == (stored.pk, True)
        assert got.round.season.rules.season is got.round.season
        assert got.round.season.league.name == world.league.name
    _same_tree(got, _orm_locked(match_day.pk, None, ()), ("result",), "server")


def test_the_lock_of_no_fixture_raises_as_get_did(world, match_day):
    with pytest.raises(Fixture.DoesNotExist):
        fixture_locked(fixture_id=match_day.pk + 1000, related=(), actor=None)
