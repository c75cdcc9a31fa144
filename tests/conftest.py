"""The fixtures every test package shares, over the one test world of tests/world.py (built
through the services): the named `world` and its `match_day`, `make_league` for leagues of
any size, the site's `superuser`, and the `demo_template` installations copy.

In parallel (``./dev test``: pytest-xdist, ``--dist loadgroup``) every worker has its own
test database, Redis database and runtime folder (tests/settings.py), and each test makes
what it uses: any two tests may run at once, in any order. One group runs on one worker in
turn, marked ``xdist_group("installations")``: the tests that start a whole installation
(real Celery workers, beat, a web server, a private Redis; tests/games/installation.py).
Two at once would not collide, but would share two cores between a dozen processes whose
deadlines are a deployment's; in turn they also share the worker's one demo template.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache

from config.celery import app as celery_app
from league.broker.queues import QUEUES
from league.models import Fixture, League, Season
from tests.games.installation import DemoTemplate, postgres_server
from tests.world import MakeLeague, World, league_build, match_day_open, world_build


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashers take a third of a second by design; tests need no such strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test's database starts again from the same ids and page versions: a page cached
    by an earlier test (league/page_versions.py) must not answer for it."""
    cache.clear()


@pytest.fixture(autouse=True)
def _empty_broker_queues():
    """A message an earlier test sent, which no worker took, would pass for this test's own
    with a sweep: a message still waiting in its queue is never sent again (league/broker/)."""
    with celery_app.pool.acquire(block=True) as connection:
        for queue in QUEUES:
            try:
                connection.default_channel.queue_purge(queue)
            except Exception:  # no broker to reach: nothing waits in it either
                break


@pytest.fixture
def world(db: None) -> World:
    return world_build()


@pytest.fixture
def match_day(world: World) -> Fixture:
    """The world's season active, scheduled (one fixture a round) and round 1 open: its
    fixture ready to play, home team at home."""
    return match_day_open(world)


@pytest.fixture
def make_league(db: None) -> MakeLeague:
    """``make_league(name, teams=2, public=True, commissioners=())`` → (league, draft season)."""

    def make(
        name: str, *, teams: int = 2, public: bool = True, commissioners: tuple[User, ...] = ()
    ) -> tuple[League, Season]:
        league, season, _ = league_build(
            name, teams=teams, public=public, commissioners=commissioners
        )
        return league, season

    return make


@pytest.fixture
def superuser(db: None) -> User:
    """The site's administrator; the one a module's shared rows were built by, if any."""
    existing = User.objects.filter(username="chief", is_superuser=True).first()
    return existing or User.objects.create_superuser(
        "chief", "chief@example.com", "correct horse battery"
    )


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoTemplate]:
    """The demo database as ``./dev run`` builds it, once a session, for the installations of
    the fault tests and the guide's scripts to copy (tests/games/installation.py)."""
    template = DemoTemplate(
        tmp_path_factory.mktemp("demo-template"),
        postgres=postgres_server(str(settings.DATABASE_URL or "")),
    )
    yield template
    template.close()
