"""The webhooks' settings are read strictly: a malformed retry schedule stops the start-up."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_int_list
from league.webhooks.services.sending import retry_delay


def test_a_retry_schedule_is_whole_numbers_of_seconds():
    assert env_int_list("S", [30], environ={}) == [30]
    assert env_int_list("S", [30], environ={"S": " 5, 60 ,600"}, minimum=1) == [5, 60, 600]
    with pytest.raises(ImproperlyConfigured, match="'soon' is not a whole number"):
        env_int_list("S", [30], environ={"S": "5,soon"})
    with pytest.raises(ImproperlyConfigured, match="below the minimum of 1"):
        env_int_list("S", [30], environ={"S": "0"}, minimum=1)


def test_the_default_schedule_tries_ten_times_over_about_a_day(settings):
    delays = [retry_delay(attempt) for attempt in range(1, 11)]
    assert delays[-1] is None  # the tenth failure gives up
    total = sum(d for d in delays if d is not None)
    assert 20 * 3600 <= total <= 26 * 3600
    assert settings.WEBHOOKS_DISABLE_AFTER == 10
