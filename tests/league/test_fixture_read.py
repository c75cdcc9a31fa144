"""`league.fixture_read.fixture_for_user`: the API's check of a reported result's fixture,
one statement written as SQL, answers as the ORM query it replaced did."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db.models import Model

from league.access import ACTOR_COMMISSIONER, commissioner_known
from league.fixture_read import fixture_for_user
from league.models import Fixture, League
from league.selectors import league_visible_q
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


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


def test_its_relations_come_with_it(world, match_day, django_assert_num_queries):
    name = str(match_day)
    with django_assert_num_queries(1):
        fixture = fixture_for_user(fixture_id=match_day.pk, user=world.home_coach)
        assert fixture is not None
        assert str(fixture) == name
        assert fixture.round.season.league.pk == world.league.pk
        assert fixture.home_team.coach_id == world.home_coach.pk
