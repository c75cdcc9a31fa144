"""The dice duel's ruleset: its table, its report (one roll a side) and its admin step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.http import HttpRequest

from league.access import Actor
from league.admin.steps import Step, StepDone, offered
from league.errors import DomainError
from league.models import Fixture, Result, Season
from league.rulesets import Ruleset
from league.services.result_steps import result_refusal
from league.services.results import ResultSeam, Score, result_record
from rules.standings import TableSettings

SIDES = ("home_roll", "away_roll")


class DuelSeam(ResultSeam):
    """A report is one die a side ({"home_roll": 5, "away_roll": 2}): the rolls are the
    score, so the core's Result row holds all of it."""

    def precheck(self, *, report: Any, source: str) -> None:
        errors = {
            side: "A roll is a whole number from 1 to 6."
            for side in SIDES
            if type(report.get(side)) is not int or not 1 <= report[side] <= 6
        }
        if errors:
            raise DomainError(" ".join(errors.values()), code="invalid_report", fields=errors)

    def check(self, *, fixture: Fixture, report: Any, source: str, result: Result | None) -> Any:
        if fixture.round.season.league.ruleset != DiceDuel.key:
            raise DomainError(f"{fixture} is not a dice duel.", code="wrong_game")
        return Score(report["home_roll"], report["away_roll"])


SEAM = DuelSeam()


class RollsForm(forms.Form):
    home_roll = forms.IntegerField(min_value=1, max_value=6)
    away_roll = forms.IntegerField(min_value=1, max_value=6)


def duel_record(*, fixture_id: int, report: Mapping[str, Any], actor: Actor) -> Result:
    """Record a duel's rolls through the core's one result service."""
    return result_record(fixture_id=fixture_id, report=report, actor=actor, seam=SEAM)


def _record_step(request: HttpRequest, fixture: Fixture, form: RollsForm) -> StepDone:
    result = duel_record(fixture_id=fixture.pk, report=form.cleaned_data, actor=request.user)
    return StepDone(f"{fixture}: rolled {result.home_score}–{result.away_score}.")


class DiceDuel(Ruleset):
    key = "dice-duel"
    label = "Dice Duel"
    api_urls = ("tests.dice_duel.api",)
    fixture_view = "tests.dice_duel.pages.fixture"
    team_view = "tests.dice_duel.pages.team"

    def table_settings(self, *, season: Season) -> TableSettings:
        return TableSettings(points_win=3, points_draw=1, points_loss=0)

    def fixture_admin_steps(self) -> Sequence[Step]:
        return (
            Step(
                name="roll",
                label="Record the rolls",
                explain=lambda f: ["Each side's roll is recorded; the higher wins."],
                run=_record_step,
                form=lambda f, data: RollsForm(data),
                shown=lambda f: offered(result_refusal(fixture=f)),
            ),
        )
