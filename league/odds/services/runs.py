"""An odds run from the round that completes to its figures (docs/odds.md, "The job").

1. ``odds_after_result`` (the core's result path): a regular-season round just completed
   (or a result of a complete round corrected) queues a run, sent once the result commits.
2. ``odds_run_start`` (a worker): claims the run (queued → pairings), asks the ruleset which
   engine pairings its model needs (e.g. every remaining home/away pairing, keyed by
   its roster version) and splits those not cached yet into chunks, one task each.
3. ``odds_chunk_run`` (the workers, side by side): claims a chunk, simulates its pairings,
   stores them in the cache; the chunk that brings the run's counter of finished chunks to
   its total makes the run ready (a conditional update: once) and queues the simulation.
4. ``odds_run_simulate``: claims the ready run, plays the season out (rules/odds.py) and
   stores every team's figures.

Every step claims by a conditional update and is a no-op once done, so a message delivered
twice changes nothing; ``odds_sweep`` sends lost messages again and takes back the work of
dead workers."""

from __future__ import annotations

import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from celery import current_app as app
from django.conf import settings
from django.core.cache import cache
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import F, Q
from django.utils import timezone

from league.broker.waiting import ids_not_waiting
from league.capabilities import capability
from league.capabilities.simulation import Simulation
from league.models import Fixture, Result, Round, Season, StandingRow
from league.odds.model import rating_outcome_model
from league.odds.models import OddsChunk, OddsRun, PairingOdds, TeamOdds, TeamRating
from league.odds.services.ratings import ratings_refresh
from league.rulesets import ruleset_for
from league.selectors.standings import standings_games
from rules.odds import RemainingFixture, season_odds
from rules.ratings import INITIAL_RATING
from rules.seeding import playoff_field

logger = logging.getLogger(__name__)

START_TASK = "league.odds.tasks.odds_start"
CHUNK_TASK = "league.odds.tasks.odds_chunk"
SIMULATE_TASK = "league.odds.tasks.odds_simulate"
RATINGS_TASK = "league.odds.tasks.ratings_refresh_task"
#: How long a season's mark of a queued ratings refresh lasts (_ratings_mark).
RATINGS_MARK_SECONDS = 60
#: A run that has failed this many times is given up.
MAX_ATTEMPTS = 5


def _send(task: str, ids: list[int]) -> None:
    """Hand ids to the broker; never raises (the sweep sends again what did not go)."""
    for item in ids:
        try:
            app.send_task(task, args=[item])
        except Exception:  # any broker failure: the rows are safe in the database
            logger.warning("could not send %s(%s); the odds sweep will", task, item)
            return


def _send_on_commit(task: str, ids: list[int]) -> None:
    if ids:
        transaction.on_commit(lambda: _send(task, ids))


def odds_after_result(*, fixture: Fixture, result: Result | None, was_complete: bool) -> None:
    """After `fixture`'s result was recorded (`result`), corrected or voided (None): once
    it commits, a worker brings the season's ratings up to date (league/odds/services/ratings.py)
    and, when the result completed its regular-season round (`was_complete`: the round's
    status before) or changed a result of a complete one, queues an odds run of the season.
    Nothing is written here: recording a result pays no query for the odds (issue #16's
    budget); a lost message is made good by the sweep (`odds_sweep`). A tournament has no
    odds (its groups are tables of their own). The caller holds the recording transaction."""
    round_ = fixture.round
    season = round_.season
    odds_round: int | None = None
    trigger = ""
    complete = round_.stage == Round.Stage.REGULAR and round_.status == Round.Status.COMPLETE
    if complete and not season.is_tournament:
        if result is not None and not was_complete:
            odds_round, trigger = round_.number, f"round:{round_.pk}:{result.pk}"
        elif result is None:
            odds_round, trigger = round_.number, f"change:{fixture.pk}:{timezone.now().isoformat()}"
    kwargs: dict[str, object] = {
        "replay": result is None,
        "odds_round": odds_round,
        "trigger": trigger,
    }
    _after_commit(lambda: _send_ratings(season.pk, kwargs))


def _after_commit(callback: Callable[[], None]) -> None:
    """Run `callback` once the caller's transaction commits (tests run it at once)."""
    transaction.on_commit(callback)


def _send_ratings(season_id: int, kwargs: dict[str, object]) -> None:
    """Queue the season's ratings refresh, unless a plain one is queued already and has not
    started (`_ratings_mark`): that one reads this result too. Results that come
    faster than the workers rate them (an ingest, a rest-of-season simulation, workers
    away) then queue one message, not one each; a refresh that also queues an odds run, or
    replays the season, always goes."""
    plain = not kwargs["replay"] and kwargs["odds_round"] is None
    if plain and not _ratings_mark(season_id):
        return
    try:
        app.send_task(RATINGS_TASK, args=[season_id], kwargs=kwargs)
    except Exception:  # the next result, and the sweep for the odds, make it good
        if plain:
            ratings_refresh_started(season_id)  # no refresh is queued after all
        logger.warning("could not send the ratings refresh of season %s", season_id)


def _ratings_key(season_id: int) -> str:
    return f"odds:ratings-queued:{season_id}"


def _ratings_mark(season_id: int) -> bool:
    """Mark the season's plain refresh queued; False when it was marked already. Only with
    a cache every process shares (settings.ODDS_RATINGS_COALESCE): a process's own could
    not see another's refresh start. A cache that fails answers None: the message goes. The
    mark lapses after a minute, so a refresh whose message was lost holds back later
    results no longer than that."""
    if not settings.ODDS_RATINGS_COALESCE:
        return True
    return cache.add(_ratings_key(season_id), 1, timeout=RATINGS_MARK_SECONDS) is not False


def ratings_refresh_started(season_id: int) -> None:
    """A refresh of the season starts (league.odds.tasks), before it reads the results: a
    result committed from now on queues a refresh of its own."""
    if settings.ODDS_RATINGS_COALESCE:
        cache.delete(_ratings_key(season_id))


def odds_run_queue(
    *, season: Season, after_round: int, seed: int | None = None, trigger: str | None = None
) -> OddsRun:
    """A new odds run of `season` after round `after_round`, sent to the workers once the
    caller's transaction commits; with a `trigger`, the run it queued already if any."""
    values = {
        "season": season,
        "after_round": after_round,
        "seed": secrets.randbelow(2**31) if seed is None else seed,
        "sample_size": settings.ODDS_SAMPLE_SIZE,
    }
    if trigger:
        run, created = OddsRun.objects.get_or_create(trigger=trigger, defaults=values)
        if not created:
            return run
    else:
        run = OddsRun.objects.create(**values)
    _send_on_commit(START_TASK, [run.pk])
    return run


def odds_after_refresh(*, season_id: int, odds_round: int | None, trigger: str) -> OddsRun | None:
    """The ratings task's second half: the odds run the result asked for, once."""
    if odds_round is None or not trigger:
        return None
    with transaction.atomic():
        season = Season.objects.get(pk=season_id)
        return odds_run_queue(season=season, after_round=odds_round, trigger=trigger)


def _remaining(season: Season) -> list[Fixture]:
    return list(
        Fixture.objects.filter(round__season=season, round__stage=Round.Stage.REGULAR)
        .exclude(status=Fixture.Status.PLAYED)
        .order_by("pk")
    )


def _stale() -> datetime:
    return timezone.now() - timedelta(seconds=settings.ODDS_STALE_SECONDS)


# --- 2. the pairings ----------------------------------------------------------------------------


def _superseded(run: OddsRun) -> bool:
    """Whether a later run of `run`'s season was queued; if so `run` stops where it is,
    marked superseded (once). A season played quickly (a rest-of-season simulation)
    completes a round every few seconds: without this each round's run would play its
    thousands of engine matches on the workers the simulations wait for."""
    if not OddsRun.objects.filter(season_id=run.season_id, pk__gt=run.pk).exists():
        return False
    if OddsRun.objects.filter(pk=run.pk, status__in=OddsRun.LIVE_STATUSES).update(
        status=OddsRun.Status.SUPERSEDED, heartbeat_at=None, finished_at=timezone.now()
    ):
        # Its chunks not started yet are done with no engine match, all at once: each one's
        # message then finds nothing to claim. One by one, the ~30 chunks of each round's
        # run took a fifth of the workers' time in a rest-of-season simulation.
        OddsChunk.objects.filter(run_id=run.pk, state=OddsChunk.State.QUEUED).update(
            state=OddsChunk.State.DONE
        )
    run.refresh_from_db()
    return True


def odds_run_start(*, run_id: int) -> OddsRun:
    """Claim a queued run and split its engine pairings into chunks (none: it is ready)."""
    now = timezone.now()
    claimed = OddsRun.objects.filter(pk=run_id, status=OddsRun.Status.QUEUED).update(
        status=OddsRun.Status.PAIRINGS, started_at=now, heartbeat_at=now, attempts=F("attempts") + 1
    )
    run = OddsRun.objects.select_related("season__league").get(pk=run_id)
    if not claimed or _superseded(run):
        return run  # started already, finished or superseded: nothing to do
    season = run.season
    ratings_refresh(season_id=season.pk)  # the rating model's input, current
    ruleset = ruleset_for(season.league)
    wanted = capability(ruleset, Simulation).odds_pairings(
        season=season, fixtures=_remaining(season)
    )
    cached = set(
        PairingOdds.objects.filter(season=season, version__in=set(wanted.values())).values_list(
            "home_team_id", "away_team_id", "version"
        )
    )
    missing = [
        [home, away, version]
        for (home, away), version in sorted(wanted.items())
        if (home, away, version) not in cached
    ]
    size = settings.ODDS_CHUNK_PAIRINGS
    with transaction.atomic():
        chunks = OddsChunk.objects.bulk_create(
            OddsChunk(run=run, pairings=missing[i : i + size]) for i in range(0, len(missing), size)
        )
        run.chunks_total = len(chunks)
        run.pairing_matches = settings.ODDS_PAIRING_MATCHES if wanted else 0
        run.status = OddsRun.Status.PAIRINGS if chunks else OddsRun.Status.SIMULATING
        run.heartbeat_at = None if not chunks else timezone.now()
        run.save(update_fields=["chunks_total", "pairing_matches", "status", "heartbeat_at"])
        if chunks:
            _send_on_commit(CHUNK_TASK, [chunk.pk for chunk in chunks])
        else:
            _send_on_commit(SIMULATE_TASK, [run.pk])
    return run


def pairing_seed(*, home: int, away: int, version: str) -> int:
    """The seed of a pairing's engine matches: from the pairing and its roster version
    alone, so a cached pairing is reproducible whichever run simulated it."""
    digest = hashlib.sha256(f"{home}:{away}:{version}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def odds_chunk_run(*, chunk_id: int) -> OddsChunk:
    """Claim a chunk (queued, or running with a dead worker), simulate and cache its
    pairings, and count it done; the last chunk of a run makes the run ready."""
    claimed = (
        OddsChunk.objects.filter(pk=chunk_id)
        .filter(
            Q(state=OddsChunk.State.QUEUED)
            | Q(state=OddsChunk.State.RUNNING, heartbeat_at__lt=_stale())
        )
        .update(
            state=OddsChunk.State.RUNNING, attempts=F("attempts") + 1, heartbeat_at=timezone.now()
        )
    )
    chunk = OddsChunk.objects.select_related("run__season__league").get(pk=chunk_id)
    if not claimed:
        return chunk
    run = chunk.run
    season = run.season
    ruleset = ruleset_for(season.league)
    for home, away, version in chunk.pairings:
        if _superseded(run):  # checked before each pairing's engine matches
            OddsChunk.objects.filter(pk=chunk_id, attempts=chunk.attempts).update(
                state=OddsChunk.State.DONE
            )
            chunk.refresh_from_db()
            return chunk
        if PairingOdds.objects.filter(
            season=season, home_team_id=home, away_team_id=away, version=version
        ).exists():
            continue
        seed = pairing_seed(home=home, away=away, version=version)
        now_version, outcomes = capability(ruleset, Simulation).odds_pairing_simulate(
            season=season, home=home, away=away, matches=run.pairing_matches, seed=seed
        )
        PairingOdds.objects.bulk_create(
            [
                PairingOdds(
                    season=season,
                    home_team_id=home,
                    away_team_id=away,
                    version=now_version,
                    matches=len(outcomes),
                    seed=seed,
                    outcomes=[[o.home_score, o.away_score, o.overtime] for o in outcomes],
                )
            ],
            ignore_conflicts=True,
        )
        OddsChunk.objects.filter(pk=chunk_id, attempts=chunk.attempts).update(
            heartbeat_at=timezone.now()
        )
    with transaction.atomic():
        done = OddsChunk.objects.filter(
            pk=chunk_id, state=OddsChunk.State.RUNNING, attempts=chunk.attempts
        ).update(state=OddsChunk.State.DONE)
        if done:
            OddsRun.objects.filter(pk=run.pk).update(
                chunks_done=F("chunks_done") + 1, heartbeat_at=timezone.now()
            )
            # The chunk that finishes the set (whichever it is) makes the run ready, once.
            ready = OddsRun.objects.filter(
                pk=run.pk, status=OddsRun.Status.PAIRINGS, chunks_done__gte=F("chunks_total")
            ).update(status=OddsRun.Status.SIMULATING, heartbeat_at=None)
            if ready:
                elapsed = (timezone.now() - (run.started_at or timezone.now())).total_seconds()
                OddsRun.objects.filter(pk=run.pk).update(pairings_seconds=elapsed)
                _send_on_commit(SIMULATE_TASK, [run.pk])
    chunk.refresh_from_db()
    return chunk


# --- 4. the seasons -----------------------------------------------------------------------------


def odds_run_simulate(*, run_id: int) -> OddsRun:
    """Claim a run whose match odds are ready (or whose simulating worker died), play its
    season out and store the figures; a done run is a no-op."""
    now = timezone.now()
    claimed = (
        OddsRun.objects.filter(pk=run_id, status=OddsRun.Status.SIMULATING)
        .filter(Q(heartbeat_at__isnull=True) | Q(heartbeat_at__lt=_stale()))
        .update(heartbeat_at=now, attempts=F("attempts") + 1)
    )
    run = OddsRun.objects.select_related("season__league").get(pk=run_id)
    if not claimed or _superseded(run):
        return run
    try:
        figures, method, seconds = _simulate(run)
    except (OperationalError, InterfaceError):
        raise  # the database away for a moment: the task retries, the claim expires
    except Exception as error:
        logger.exception("odds run %s failed", run_id)
        OddsRun.objects.filter(pk=run_id, attempts=run.attempts).update(
            status=OddsRun.Status.FAILED, error=str(error)[:2000], finished_at=timezone.now()
        )
        run.refresh_from_db()
        return run
    with transaction.atomic():
        # Locks the run: only the claim that is still current stores figures, once.
        locked = OddsRun.objects.select_for_update().get(pk=run_id)
        if locked.status != OddsRun.Status.SIMULATING or locked.attempts != run.attempts:
            return locked
        TeamOdds.objects.filter(run=locked).delete()
        TeamOdds.objects.bulk_create(figures)
        _latest_odds(locked, figures)
        locked.status = OddsRun.Status.DONE
        locked.method = method
        locked.simulation_seconds = seconds
        locked.finished_at = timezone.now()
        locked.error = ""
        locked.save(
            update_fields=["status", "method", "simulation_seconds", "finished_at", "error"]
        )
    return locked


def _latest_odds(run: OddsRun, figures: list[TeamOdds]) -> None:
    """Point each team's rating row at its figures of this run (a row at the initial
    rating for a team not rated yet), unless a newer run's figures are there already."""
    season_id = run.season_id
    TeamRating.objects.bulk_create(
        [
            TeamRating(season_id=season_id, team_id=f.team_id, rating=INITIAL_RATING)
            for f in figures
        ],
        ignore_conflicts=True,
    )
    rows = list(
        TeamRating.objects.filter(
            season_id=season_id, team_id__in=[f.team_id for f in figures]
        ).select_related("latest_odds")
    )
    by_team = {figure.team_id: figure for figure in figures}
    changed = []
    for row in rows:
        if row.latest_odds is None or row.latest_odds.run_id < run.pk:
            row.latest_odds = by_team[row.team_id]
            changed.append(row)
    TeamRating.objects.bulk_update(changed, ["latest_odds"])


def method_line(*, run: OddsRun, model_method: str) -> str:
    """The one line the pages state: sample size, round, model, seed."""
    return (
        f"{run.sample_size:,} simulated seasons after round {run.after_round}, "
        f"{model_method}, seed {run.seed}"
    )


def _simulate(run: OddsRun) -> tuple[list[TeamOdds], str, float]:
    started = time.monotonic()
    season = run.season
    ruleset = ruleset_for(season.league)
    fixtures = _remaining(season)
    model = capability(ruleset, Simulation).match_outcome_model(
        season=season, fixtures=fixtures
    ) or rating_outcome_model(season=season, fixtures=fixtures)
    rows = list(StandingRow.objects.filter(season=season).select_related("team"))
    teams = {str(row.team_id): row.team.name for row in rows}
    seeding = None
    if any(row.division_id is not None for row in rows):
        # Seeded as league.services.playoffs seeds a season in divisions: winners, then wild cards.
        division_of = {str(row.team_id): row.division_id for row in rows}

        def seeding(order: list[str]) -> list[str]:
            field = playoff_field(order, division_of, wild_cards=season.wild_cards)
            return [team for team, _ in field]

    odds = season_odds(
        teams=teams,
        played=standings_games(season=season),
        remaining=[
            RemainingFixture(str(f.home_team_id), str(f.away_team_id), model.fixtures[f.pk])
            for f in fixtures
        ],
        settings=ruleset.table_settings(season=season),
        playoff_teams=season.playoff_teams,
        knockout_odds=lambda home, away: model.knockout(int(home), int(away)),
        runs=run.sample_size,
        seed=run.seed,
        seeding=seeding,
    )
    ratings = dict(TeamRating.objects.filter(season=season).values_list("team_id", "rating"))
    figures = [
        TeamOdds(
            run=run,
            team_id=int(team.team),
            positions=list(team.positions),
            playoffs=team.playoffs,
            title=team.title,
            mean_points=team.mean_points,
            rating=ratings.get(int(team.team), INITIAL_RATING),
        )
        for team in odds.teams
    ]
    return figures, method_line(run=run, model_method=model.method), time.monotonic() - started


# --- the sweep ----------------------------------------------------------------------------------


def _queue_missing_runs() -> None:
    """Each running season's latest complete regular-season round gets its odds run (by
    the trigger its completion would have queued) if the message asking for it was lost."""
    latest: dict[int, Round] = {}
    rounds = (
        Round.objects.filter(
            stage=Round.Stage.REGULAR,
            status=Round.Status.COMPLETE,
            season__status=Season.Status.ACTIVE,
        )
        .exclude(season__format=Season.Format.TOURNAMENT)
        .select_related("season")
        .order_by("season_id", "number")
    )
    for round_ in rounds:
        latest[round_.season_id] = round_
    for round_ in latest.values():
        last = Result.objects.filter(fixture__round=round_).order_by("-pk").first()
        if last is None:
            continue
        trigger = f"round:{round_.pk}:{last.pk}"
        if not OddsRun.objects.filter(trigger=trigger).exists():
            with transaction.atomic():
                odds_run_queue(season=round_.season, after_round=round_.number, trigger=trigger)


def odds_sweep() -> str:
    """Send again the messages of odds work that has waited too long, and take back the work
    of dead workers (their heartbeat stale); a run failing again and again is given up."""
    stale = _stale()
    given_up = OddsRun.objects.filter(
        status__in=OddsRun.LIVE_STATUSES, attempts__gte=MAX_ATTEMPTS, heartbeat_at__lt=stale
    ).update(status=OddsRun.Status.FAILED, error="Given up: its workers were lost too often.")
    # A start that died before its chunks were stored (they are stored with the count, in
    # one transaction) starts again.
    OddsRun.objects.filter(
        status=OddsRun.Status.PAIRINGS, chunks_total=0, heartbeat_at__lt=stale
    ).update(status=OddsRun.Status.QUEUED)
    _queue_missing_runs()
    queued = list(
        OddsRun.objects.filter(status=OddsRun.Status.QUEUED, created_at__lt=stale).values_list(
            "pk", flat=True
        )
    )
    chunks = list(
        OddsChunk.objects.filter(run__status=OddsRun.Status.PAIRINGS)
        .filter(
            Q(state=OddsChunk.State.QUEUED, run__heartbeat_at__lt=stale)
            | Q(state=OddsChunk.State.RUNNING, heartbeat_at__lt=stale)
        )
        .values_list("pk", flat=True)
    )
    simulations = list(
        OddsRun.objects.filter(status=OddsRun.Status.SIMULATING)
        .filter(Q(heartbeat_at__isnull=True, started_at__lt=stale) | Q(heartbeat_at__lt=stale))
        .values_list("pk", flat=True)
    )
    # Only what no message waits for in the queue: a long run's chunks wait their turn for
    # minutes, and sending them again grew its 817 messages to ~1,088 (issue #44).
    queued = ids_not_waiting(START_TASK, queued)
    chunks = ids_not_waiting(CHUNK_TASK, chunks)
    simulations = ids_not_waiting(SIMULATE_TASK, simulations)
    _send(START_TASK, queued)
    _send(CHUNK_TASK, chunks)
    _send(SIMULATE_TASK, simulations)
    return (
        f"odds: {len(queued)} runs, {len(chunks)} chunks, {len(simulations)} simulations "
        f"sent again; {given_up} given up"
    )
