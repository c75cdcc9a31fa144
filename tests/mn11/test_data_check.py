"""The data check (issue #46): `manage.py mn11_check_reports` lists each stored report that
breaks a rule a new report is checked by (here one stored before the checks: a goal by a
card that was not in the line-up), one line per broken rule, and exits with status 1."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from mn11.models import ReportEvent
from tests.mn11.world import mn11_world, play

pytestmark = pytest.mark.django_db


def test_the_data_check_lists_a_stored_report_naming_a_card_off_the_pitch():
    world = mn11_world(rounds=2)
    first, second = world.fixture(1), world.fixture(2)
    play(first, world.commissioner)
    play(second, world.commissioner)
    clean = io.StringIO()
    call_command("mn11_check_reports", stdout=clean)
    assert clean.getvalue().strip() == "Stored reports checked: 2; breaking a rule: 0."

    # As a report stored before the checks could be: Home's goal by an Away card.
    ReportEvent.objects.filter(report__result__fixture=second, order=0).update(card="away-base-9")
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_status:
        call_command("mn11_check_reports", "--league", world.league.slug, stdout=out, stderr=err)
    assert exit_status.value.code == 1
    home = second.home_team.name
    assert out.getvalue().splitlines() == [
        f"Eleven League · Eleven 2026 · {second} (fixture {second.pk}): events.0.card: "
        f"away-base-9 is not one of {home}' cards (its set and its Star Players): only a card "
        "on the pitch scores. (E-R1)"
    ]
    assert err.getvalue().strip() == "Stored reports checked: 2; breaking a rule: 1."


def test_the_data_check_refuses_an_unknown_league():
    with pytest.raises(CommandError, match="No Magic Number Eleven league with the slug 'nope'"):
        call_command("mn11_check_reports", "--league", "nope")
