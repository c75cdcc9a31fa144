"""A result's lifecycle, for every game: recorded (`result_record`), corrected
(`result_correct`) and voided (`result_void`) here and only here. The core owns the locks,
the refusals, the core's ``Result`` row, the aftermath (league/services/result_steps.py), the
result's event (its one ``result_event_publish``) and the audit entry; a game supplies through a
:class:`ResultSeam` (its ruleset's ``result_seam``) only what is its own: its report's checks,
its rows and how the audit log shows them. The default seam is a result that is only its
score (`result_store`, for a game with no report of its own)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from league.access import ACTOR_COMMISSIONER, Actor, require_commissioner, require_result_reporter
from league.audit import audit_record
from league.errors import DomainError, LeagueError
from league.models import Fixture, Result
from league.services.result_steps import (
    fixture_lock,
    result_aftermath,
    result_change_refusal,
    result_insert,
    result_refusal,
    result_score_errors,
)
from league.sql.pipeline import pipelined
from league.webhooks.services.events import result_event_publish, subscriptions_read_once


@dataclass(frozen=True)
class Score:
    """What the core's ``Result`` row holds of a checked report. `overtime` None leaves a
    corrected result's as it was (a game with no overtime never writes it); `seed` and
    `engine_version` reproduce a simulated match."""

    home_score: int
    away_score: int
    overtime: bool | None = False
    seed: int | None = None
    engine_version: str = ""


class ResultSeam:
    """A game's own part of a result's lifecycle. The core calls it inside the transaction,
    with the fixture (and its teams) locked. `report` is whatever the game's entry points
    hand the core (the core never reads it); `checked` is what :meth:`check` made of it. The
    defaults are a result that is only its score."""

    #: The game's relations loaded with the fixture's lock.
    related: tuple[str, ...] = ()
    #: The audit action of a correction.
    correct_action = "result.corrected"

    def precheck(self, *, report: Any, source: str) -> None:
        """Refuse what is wrong whatever the fixture, before anything is locked."""

    def refused(self, error: LeagueError) -> DomainError:
        """The core's refusal as the game raises it (its own error class)."""
        return error

    def playable(self, *, source: str) -> Collection[str] | None:
        """The fixture statuses that take a result, for a game with a match day; None: a
        fixture of an open round (league.services.result_steps.result_refusal)."""
        return None

    def check(self, *, fixture: Fixture, report: Any, source: str, result: Result | None) -> Any:
        """`report` checked for `fixture` (`result`: the one it corrects), every problem
        raised at once; returns what :meth:`score` and :meth:`store` take."""
        return report

    def score(self, checked: Any) -> Score:
        """The core's part of a checked report."""
        score: Score = checked
        return score

    def store(self, *, fixture: Fixture, result: Result, checked: Any, actor: Actor) -> None:
        """Write the game's rows of `result` (new, or corrected and :meth:`unstore`\\ d)."""

    def unstore(self, *, fixture: Fixture, result: Result, checked: Any | None) -> None:
        """Delete the game's rows of `result` before it is corrected to `checked` or voided
        (`checked` None); the core deletes or rewrites the result itself."""

    def state(self, *, result: Result) -> dict[str, Any]:
        """The result as the audit log shows it, before and after a change."""
        return {
            "home_score": result.home_score,
            "away_score": result.away_score,
            "overtime": result.overtime,
            "source": result.source,
        }

    def recorded_state(self, *, result: Result, checked: Any) -> dict[str, Any]:
        """A new result as the audit log shows it (a game may build it from what it just
        stored, without reading it back)."""
        return self.state(result=result)

    def audit_note(self, *, result: Result) -> str:
        """Appended to the audit message's score (a shootout's winner); "" for nothing."""
        return ""

    def correct_message(self, *, fixture: Fixture, result: Result) -> str:
        return f"{fixture}: corrected to {result.home_score}–{result.away_score}"

    def recorded(self, *, fixture: Fixture) -> None:
        """After a result is recorded, still in its transaction (queue what may now run)."""


class ScoreOnly(ResultSeam):
    """A result that is only its score (a :class:`Score`): checked before the lock."""

    def precheck(self, *, report: Any, source: str) -> None:
        score: Score = report
        errors = result_score_errors(home_score=score.home_score, away_score=score.away_score)
        if source not in (Result.Source.REPORTED, Result.Source.CORRECTED):
            # A simulated result carries what reproduces it: its game records it.
            errors["source"] = "A result stored here is reported or corrected, not simulated."
        if errors:
            raise LeagueError(" ".join(errors.values()), code="invalid_report", fields=errors)


SCORE_ONLY = ScoreOnly()


def result_record(
    *,
    fixture_id: int,
    report: Any,
    actor: Actor,
    seam: ResultSeam,
    source: str = Result.Source.REPORTED,
) -> Result:
    """A fixture's result reported by a coach of either team or a commissioner (or simulated
    by the server, `actor` None): checked by the game, the core's result and the game's rows
    stored, the fixture played, the aftermath run, the event published, audited; all or
    nothing."""
    seam.precheck(report=report, source=source)
    # The league's webhook subscriptions read once, for the game's events and the result's.
    with transaction.atomic(), subscriptions_read_once():
        # Locks the fixture: one result, however many reports arrive at once.
        locked = fixture_lock(fixture_id=fixture_id, related=seam.related, teams=True, actor=actor)
        league = locked.round.season.league
        require_result_reporter(
            user=actor, fixture=locked, commissioner=getattr(locked, ACTOR_COMMISSIONER)
        )
        playable = seam.playable(source=source)
        if (refusal := result_refusal(fixture=locked, playable=playable)) is not None:
            raise seam.refused(refusal)
        checked = seam.check(fixture=locked, report=report, source=source, result=None)
        score = seam.score(checked)
        result = result_insert(
            fixture=locked,
            home_score=score.home_score,
            away_score=score.away_score,
            overtime=bool(score.overtime),
            source=source,
            actor=actor,
            seed=score.seed,
            engine_version=score.engine_version,
        )
        seam.store(fixture=locked, result=result, checked=checked, actor=actor)
        after = seam.recorded_state(result=result, checked=checked)
        note = seam.audit_note(result=result)
        # Audited before the aftermath, which takes the season's table lock: what runs
        # under that lock, results of one season take turns for (league/services/result_steps.py).
        # From here on most writes are ones whose answer nobody reads: in a pipeline the server
        # writes one while this process builds the next (league/sql/pipeline.py). A game's
        # COPYs (its store) stay outside: a pipeline takes none.
        with pipelined():
            audit_record(
                actor=actor,
                action=f"result.{source}",
                obj=result,
                league=league,
                message=f"{locked}: {result.home_score}–{result.away_score}{note}",
                after=after,
            )
            change = "corrected" if source == Result.Source.CORRECTED else "recorded"
            _aftermath(fixture=locked, result=result, change=change, new=True)  # played
        seam.recorded(fixture=locked)
    return result


def result_correct(*, fixture_id: int, report: Any, actor: Actor, seam: ResultSeam) -> Result:
    """A commissioner corrects a played fixture's result: checked by the game (against what
    the match was played with), the result and the game's rows replaced, everything it
    caused recomputed, audited with before and after."""
    with transaction.atomic():
        # Locks the fixture: a correction never races a second correction or a void.
        locked, result = _played_lock(
            fixture_id=fixture_id, actor=actor, seam=seam, change="correct"
        )
        before = seam.state(result=result)
        checked = seam.check(
            fixture=locked, report=report, source=Result.Source.CORRECTED, result=result
        )
        seam.unstore(fixture=locked, result=result, checked=checked)
        score = seam.score(checked)
        result.home_score, result.away_score = score.home_score, score.away_score
        result.source = Result.Source.CORRECTED
        fields = ["home_score", "away_score", "source", "updated_at"]
        if score.overtime is not None:
            result.overtime = score.overtime
            fields.insert(2, "overtime")
        result.save(update_fields=fields)
        seam.store(fixture=locked, result=result, checked=checked, actor=actor)
        _aftermath(fixture=locked, result=result, change="corrected")
        audit_record(
            actor=actor,
            action=seam.correct_action,
            obj=result,
            league=locked.round.season.league,
            message=seam.correct_message(fixture=locked, result=result),
            before=before,
            after=seam.state(result=result),
        )
    return result


def result_void(*, fixture_id: int, actor: Actor, seam: ResultSeam) -> Fixture:
    """A commissioner voids a result: the fixture is to be played again and everything the
    result caused is recomputed away; audited with the result as the game shows it."""
    with transaction.atomic():
        # Locks the fixture: the void and any new report are serialised.
        locked, result = _played_lock(fixture_id=fixture_id, actor=actor, seam=seam, change="void")
        before = seam.state(result=result)
        seam.unstore(fixture=locked, result=result, checked=None)
        result.delete()
        locked.status = Fixture.Status.READY
        locked.save(update_fields=["status", "updated_at"])
        _aftermath(fixture=locked, result=None, change="voided")
        audit_record(
            actor=actor,
            action="result.void",
            obj=locked,
            league=locked.round.season.league,
            message=f"Result of {locked} voided",
            before=before,
        )
    return locked


def _played_lock(
    *, fixture_id: int, actor: Actor, seam: ResultSeam, change: str
) -> tuple[Fixture, Result]:
    """Lock a played fixture for a commissioner's correction or void (`change` names it);
    refused for anyone else, in a closed season, or with no result."""
    locked = fixture_lock(fixture_id=fixture_id, related=seam.related, teams=True)
    season = locked.round.season
    require_commissioner(user=actor, league=season.league)
    if (refusal := result_change_refusal(season=season)) is not None:
        raise seam.refused(refusal)
    result = Result.objects.filter(fixture=locked).first()
    if result is None:
        raise seam.refused(LeagueError(f"{locked} has no result to {change}.", code="not_played"))
    return locked, result


def _aftermath(*, fixture: Fixture, result: Result | None, change: str, new: bool = False) -> None:
    """Everything a result's change causes (league.services.result_steps.result_aftermath: a `new`
    result added to what there was, a changed one's consequences recomputed), then its event to
    the league's webhooks: the one place a result's change is published."""
    result_aftermath(fixture=fixture, result=result if new else None)
    result_event_publish(fixture=fixture, result=result, change=change)


def result_store(
    *,
    fixture: Fixture,
    home_score: int,
    away_score: int,
    actor: Actor,
    overtime: bool = False,
    source: str = Result.Source.REPORTED,
) -> Result:
    """A fixture's result as a game with no report of its own records it (a coach of either
    team or a commissioner): the score stored, the fixture played, the aftermath run, the
    event published, audited; all or nothing."""
    return result_record(
        fixture_id=fixture.pk,
        report=Score(home_score, away_score, overtime),
        actor=actor,
        seam=SCORE_ONLY,
        source=source,
    )
