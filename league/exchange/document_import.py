"""A league's JSON document read back in, as a new league with new ids (docs/data.md,
"Importing").

The whole file is checked and written in one transaction: every problem found is collected
(a :class:`~league.exchange.problems.Problem` naming its JSON path and key) and, if there is
any, the transaction is rolled back and :class:`~league.exchange.problems.ImportRefused`
lists them all. A dry run goes through the very same steps and always rolls back, so it
finds exactly what the import would. ``document_parse`` and ``league_document_import`` are
the entry points the command, the admin page and the API's import job call.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.validators import slug_re
from django.db import DatabaseError, IntegrityError, transaction
from django.utils.dateparse import parse_datetime

from league.access import Actor
from league.audit import audit_record
from league.capabilities import capability
from league.capabilities.exchange import Exchange
from league.errors import DomainError, PermissionRefused
from league.exchange.app_tables import app_tables
from league.exchange.core_tables import AUDIT_TABLE, CORE_TABLES
from league.exchange.document_export import FORMAT, USER_FIELDS, VERSION
from league.exchange.problems import ImportRefused, Problem
from league.exchange.table_import import (
    Loader,
    deferred_resolve,
    table_import,
    tables_declare,
    tables_import,
)
from league.exchange.tables import IdMap
from league.json_input import JsonRefused, json_read
from league.models import League
from league.rulesets import Ruleset, ruleset_get
from league.services.result_steps import result_score_errors

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ImportOutcome:
    """What an import made (or, for a dry run, would make): the new league's id (None for
    a dry run), its slug, and the rows written per table key."""

    league_id: int | None
    slug: str
    dry_run: bool
    counts: dict[str, int]


class _RollBack(Exception):
    """Leaves the import's transaction without keeping anything."""


#: How deep a document's objects and lists may nest (ours: about eight levels).
MAX_DEPTH = 32


def document_parse(*, data: bytes) -> Mapping[str, Any]:
    """The uploaded file as a document: refused (with one problem saying why) when it is
    over ``LEAGUE_IMPORT_MAX_BYTES`` or ``LEAGUE_IMPORT_MAX_OBJECTS``, not UTF-8 text, not
    JSON, nested too deep, with a number or a text no field takes (league/json_input.py),
    or not a JSON object."""
    limit: int = settings.LEAGUE_IMPORT_MAX_BYTES
    if len(data) > limit:
        raise ImportRefused(
            [
                Problem(
                    "file",
                    "",
                    f"The file is {len(data) / 1_000_000:.1f} MB; an import takes at most "
                    f"{limit / 1_000_000:.0f} MB.",
                )
            ]
        )
    try:
        document = json_read(
            data, max_depth=MAX_DEPTH, max_containers=settings.LEAGUE_IMPORT_MAX_OBJECTS
        )
    except JsonRefused as refused:
        message = refused.message
        if "line " in refused.where or not refused.where:
            message = f"Not JSON we can read: {message}"
        raise ImportRefused([Problem(refused.where or "file", "", message)]) from None
    if not isinstance(document, dict):
        raise ImportRefused([Problem("file", "", "A league export is one JSON object.")])
    return document


def league_document_import(
    *, document: Mapping[str, Any], actor: Actor, dry_run: bool
) -> ImportOutcome:
    """Import `document` as a new league (new ids), or only check it when `dry_run`
    (_import). A value of a shape no check foresaw is refused too, never a server error:
    it is bad input all the same (logged, so the check can be added)."""
    try:
        return _import(document=document, actor=actor, dry_run=dry_run)
    except (TypeError, ValueError, AttributeError, LookupError, UnicodeError) as error:
        logger.warning("a league import met a value it did not foresee", exc_info=True)
        raise ImportRefused(
            [
                Problem(
                    "file",
                    "",
                    "A value in the file is not of the kind its place takes "
                    f"({type(error).__name__}: {str(error)[:200]}).",
                )
            ]
        ) from None


def _import(*, document: Mapping[str, Any], actor: Actor, dry_run: bool) -> ImportOutcome:
    """Import `document` as a new league (new ids), or only check it when `dry_run`.

    People are matched by username; one the installation lacks is created inactive, with
    no usable password, so nobody can sign in as him until an administrator sets one.
    `actor` must be allowed to create leagues (None: the server, a command or a task).
    Refused → ImportRefused listing every problem; nothing is written.
    """
    if actor is not None and not actor.has_perm("league.add_league"):
        raise PermissionRefused("Only someone who may create leagues may import one.")
    ruleset = _header_check(document)
    problems: list[Problem] = []
    counts: dict[str, int] = {}
    league_id: int | None = None
    try:
        with transaction.atomic():
            league = _league_create(document, problems)
            loader = Loader(
                league=league,
                id_map=IdMap(),
                users=_users_resolve(document, problems),
                problems=problems,
            )
            if league is not None:
                loader.id_map.add(League, 1, league.pk)  # the document's league is 1
                _commissioners_set(league, document, loader)
            _rows_load(document, ruleset, loader)
            capability(ruleset, Exchange).exchange_check(document=document, problems=problems)
            _scores_check(document, problems)
            if problems or dry_run:
                counts = loader.counts
                raise _RollBack
            assert league is not None
            counts = loader.counts
            league_id = league.pk
            audit_record(
                actor=actor,
                action="league.import",
                obj=league,
                league=league,
                message=f"{league} imported from a JSON export ({sum(counts.values())} rows).",
            )
    except _RollBack:
        pass
    except (IntegrityError, DatabaseError) as error:
        # The checks above cover what the models say; the database has the last word.
        problems.append(Problem("file", "", f"The database refused the rows: {error}"))
    if problems:
        raise ImportRefused(problems)
    slug = str(document["league"]["slug"])
    return ImportOutcome(league_id=league_id, slug=slug, dry_run=dry_run, counts=counts)


def _header_check(document: Mapping[str, Any]) -> Ruleset:
    """The format, the version and the game; refused at once when they do not hold, as
    nothing else of the file can be read then."""
    problems: list[Problem] = []
    if document.get("format") != FORMAT:
        problems.append(
            Problem("format", "format", f"Not a league export: the format must be {FORMAT!r}.")
        )
    elif document.get("version") != VERSION:
        problems.append(
            Problem(
                "version",
                "version",
                f"Version {document.get('version')!r} cannot be read; this installation "
                f"reads version {VERSION}.",
            )
        )
    league = document.get("league")
    if not isinstance(league, dict):
        problems.append(Problem("league", "", "The file has no league (an object)."))
        raise ImportRefused(problems)
    try:
        ruleset = ruleset_get(str(league.get("ruleset")))
    except DomainError as error:
        problems.append(Problem("league", "ruleset", str(error)))
        raise ImportRefused(problems) from None
    if document.get("rulesets") != [ruleset.key]:
        problems.append(Problem("rulesets", "", f"Must list the league's game: [{ruleset.key!r}]."))
    if problems:
        raise ImportRefused(problems)
    return ruleset


def _league_create(document: Mapping[str, Any], problems: list[Problem]) -> League | None:
    data = document["league"]
    slug, name = data.get("slug"), data.get("name")
    before = len(problems)
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem("league", "name", "The league needs a name."))
    elif League.objects.filter(name=name).exists():
        problems.append(Problem("league", "name", f"A league named “{name}” already exists."))
    if not isinstance(slug, str) or not slug_re.fullmatch(slug) or len(slug) > 100:
        problems.append(
            Problem(
                "league",
                "slug",
                "The league needs a slug (its address): letters, digits, - and _ only.",
            )
        )
    elif League.objects.filter(slug=slug).exists():
        problems.append(
            Problem(
                "league",
                "slug",
                f"The address “{slug}” is taken by another league: change the file's slug "
                "and name to import it beside that one.",
            )
        )
    try:
        created_at = parse_datetime(str(data.get("created_at", "")))
    except ValueError:  # well formed, but no such date (month 13)
        created_at = None
    if created_at is None:
        problems.append(Problem("league", "created_at", "Must be a date and time (ISO 8601)."))
    for key, kind in (("description", str), ("is_public", bool)):
        if not isinstance(data.get(key), kind):
            problems.append(Problem("league", key, f"Must be {kind.__name__}."))
    if len(problems) > before:
        return None
    league = League(
        name=name,
        slug=slug,
        ruleset=data["ruleset"],
        description=data["description"],
        is_public=data["is_public"],
    )
    league.save()
    # The league's own creation time, not the import's (auto_now_add sets it on save).
    League.objects.filter(pk=league.pk).update(created_at=created_at)
    return league


def _users_resolve(document: Mapping[str, Any], problems: list[Problem]) -> dict[str, User | None]:
    """Each person of the file by username: the installation's, or a new inactive account
    with no usable password."""
    rows = document.get("users")
    if not isinstance(rows, list):
        problems.append(Problem("users", "", "Must be a list of people."))
        return {}
    wanted: dict[str, dict[str, Any]] = {}
    for index, row in enumerate(rows):
        where = f"users[{index}]"
        if not isinstance(row, dict) or not isinstance(row.get("username"), str):
            problems.append(Problem(where, "username", "Each person needs a username."))
            continue
        if row["username"] in wanted:
            problems.append(Problem(where, "username", f"{row['username']!r} is listed twice."))
            continue
        wanted[row["username"]] = row
    known = {user.username: user for user in User.objects.filter(username__in=wanted)}
    for username, row in wanted.items():
        if username in known:
            continue
        user = User(
            is_active=False,
            **{key: str(row.get(key) or "") for key in USER_FIELDS},
        )
        user.set_unusable_password()
        user.save()
        known[username] = user
    return dict(known)


def _commissioners_set(league: League, document: Mapping[str, Any], loader: Loader) -> None:
    names = document["league"].get("commissioners", [])
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        loader.problem("league", "commissioners", "Must be a list of usernames.")
        return
    missing = [name for name in names if name not in loader.users]
    if missing:
        loader.problem("league", "commissioners", f"Not in the file's users: {missing[0]!r}.")
        return
    league.commissioners.set([user for name in names if (user := loader.users[name])])


def _rows_load(document: Mapping[str, Any], ruleset: Ruleset, loader: Loader) -> None:
    """The core's tables, the game's section, the core's apps' (honours, sign-ups), then
    the audit log (which names rows of any), each written only while no problem has been
    found (and checked in any case)."""
    later_tables = app_tables()
    tables_declare(
        tables=(*CORE_TABLES, *later_tables, AUDIT_TABLE), section=document, loader=loader
    )
    for table in CORE_TABLES:
        table_import(
            table=table,
            rows=document.get(table.key),
            where=table.key,
            loader=loader,
            write=loader.league is not None,
        )
    games = document.get("game")
    section = games.get(ruleset.key) if isinstance(games, dict) else None
    if not isinstance(section, dict):
        loader.problem("game", ruleset.key, f"The file has no {ruleset.label} section.")
        section = {}
    tables_import(
        tables=capability(ruleset, Exchange).exchange_tables(),
        section=section,
        where=f"game.{ruleset.key}",
        loader=loader,
        write=loader.league is not None,
    )
    for table in later_tables:
        table_import(
            table=table,
            rows=document.get(table.key),
            where=table.key,
            loader=loader,
            write=loader.league is not None,
        )
    table_import(
        table=AUDIT_TABLE,
        rows=document.get(AUDIT_TABLE.key),
        where=AUDIT_TABLE.key,
        loader=loader,
        write=loader.league is not None,
    )
    if not loader.problems:
        deferred_resolve(loader=loader)


def _scores_check(document: Mapping[str, Any], problems: list[Problem]) -> None:
    """Every result's scores are scores (league.services.result_steps.result_score_errors)."""
    results = document.get("results")
    if not isinstance(results, list):
        return
    for index, row in enumerate(results):
        if not isinstance(row, dict):
            continue
        errors = result_score_errors(
            home_score=row.get("home_score"), away_score=row.get("away_score")
        )
        for name, message in errors.items():
            problem = Problem(f"results[{index}]", name, message)
            if problem not in problems:
                problems.append(problem)
