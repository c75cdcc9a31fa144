"""A fixture with its round, season, league and two teams, and what a user may do with it,
read by one statement written as SQL.

The API checks a reported result's fixture before the service locks it (404 for a league
the user may not see, 403 for a user who may not report it; api/access.py). As an ORM query
(``select_related`` over five tables, the visible leagues as a subquery and the commissioner
as an ``Exists``) most of that check was Django building and compiling the query on every
post, about a tenth of a reported result's CPU (docs/performance.md, "Recording results",
seventh round). The statement here is written once a process for each kind of user; the
rows come back through the backend's converters, as the ORM's would."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection, models
from django.db.models.sql import Query

from league.access import ACTOR_COMMISSIONER
from league.models import Fixture, League, Round, Season, Team

#: Each model of the row, by its alias in the statement, in the order its columns come.
_LAYOUT: tuple[tuple[str, type[models.Model]], ...] = (
    ("f", Fixture),
    ("r", Round),
    ("s", Season),
    ("l", League),
    ("h", Team),
    ("a", Team),
)

#: The visible and commissioner flags for a user who is neither anonymous nor a superuser,
#: as ``league.selectors.league_visible_q`` and ``league.access.commissioner_known`` say.
_COMMISSIONER = (
    f"EXISTS (SELECT 1 FROM {League.commissioners.through._meta.db_table} c "
    "WHERE c.league_id = l.id AND c.user_id = %(user)s)"
)
_COACH = (
    f"EXISTS (SELECT 1 FROM {Team._meta.db_table} t "
    "WHERE t.league_id = l.id AND t.coach_id = %(user)s)"
)
_FLAGS = {
    "anonymous": ("l.is_public", "FALSE"),
    "superuser": ("TRUE", "TRUE"),
    "user": (f"(l.is_public OR {_COMMISSIONER} OR {_COACH})", _COMMISSIONER),
}


def fixture_for_user(*, fixture_id: int, user: User | AnonymousUser) -> Fixture | None:
    """The fixture with ``round.season.league``, ``home_team`` and ``away_team`` loaded and
    ``ACTOR_COMMISSIONER`` set (whether `user` is a commissioner of its league); None when
    there is no such fixture or `user` may not see its league."""
    kind = (
        "anonymous" if not user.is_authenticated else "superuser" if user.is_superuser else "user"
    )
    with connection.cursor() as cursor:
        cursor.execute(_statement(kind), {"fixture": fixture_id, "user": user.pk})
        row = cursor.fetchone()
    if row is None:
        return None
    *values, visible, commissioner = row
    if not visible:
        return None
    built: list[Any] = []
    start = 0
    for (_, model), (names, converters) in zip(_LAYOUT, _columns(), strict=True):
        chunk = values[start : start + len(names)]
        start += len(names)
        for index, (convert, expression) in converters:
            for converter in convert:
                chunk[index] = converter(chunk[index], expression, connection)
        built.append(model.from_db(connection.alias, names, chunk))
    fixture: Fixture
    fixture, round_, season, league, home, away = built
    season.league = league
    round_.season = season
    fixture.round = round_
    fixture.home_team, fixture.away_team = home, away
    setattr(fixture, ACTOR_COMMISSIONER, bool(commissioner))
    return fixture


@cache
def _columns() -> tuple[tuple[list[str], list[tuple[int, tuple[Any, Any]]]], ...]:
    """Each model's attribute names and, by position, its columns' converters (what
    ``from_db_value`` and the backend make of a raw value, e.g. SQLite's booleans)."""
    compiler = connection.ops.compiler("SQLCompiler")(Query(None), connection, None)
    layout = []
    for alias, model in _LAYOUT:
        fields = model._meta.concrete_fields
        converters = compiler.get_converters([field.get_col(alias) for field in fields])
        layout.append(([field.attname for field in fields], list(converters.items())))
    return tuple(layout)


@cache
def _statement(kind: str) -> str:
    visible, commissioner = _FLAGS[kind]
    columns = ", ".join(
        f"{alias}.{connection.ops.quote_name(field.column)}"
        for alias, model in _LAYOUT
        for field in model._meta.concrete_fields
    )
    return (
        f"SELECT {columns}, {visible}, {commissioner} "
        f"FROM {Fixture._meta.db_table} f "
        f"JOIN {Round._meta.db_table} r ON r.id = f.round_id "
        f"JOIN {Season._meta.db_table} s ON s.id = r.season_id "
        f"JOIN {League._meta.db_table} l ON l.id = s.league_id "
        f"JOIN {Team._meta.db_table} h ON h.id = f.home_team_id "
        f"JOIN {Team._meta.db_table} a ON a.id = f.away_team_id "
        "WHERE f.id = %(fixture)s"
    )
