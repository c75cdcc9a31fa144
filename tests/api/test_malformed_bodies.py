"""Any malformed JSON body, of any shape or depth, on any POST endpoint is a 400 in the API's
error shape, with nothing changed: never a 500 (a RecursionError used to escape the parser)."""

from __future__ import annotations

import pytest

from api.parsers import MAX_DEPTH, nesting_depth
from games.models import SimulationJob
from injuries.models import ForceHealingAttempt
from league.models import Result
from tests.api.conftest import result_url
from tests.api.test_permissions import injury, pending_inspection  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db

BODIES = {
    "lists 1,000 deep": "[" * 1000 + "]" * 1000,
    "objects 1,000 deep": '{"a":' * 1000 + "1" + "}" * 1000,
    "lists 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "unclosed lists": "[" * 5000,
    "a result field 1,000 deep": '{"home_score": ' + "[" * 1000 + "]" * 1000 + "}",
    "deeper than any input": '{"lines": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
    "Infinity": '{"home_score": Infinity}',
    "an unclosed string": '{"home_score": "\\ud800',
}


@pytest.fixture
def endpoints(world, match_day, injury, pending_inspection):  # noqa: F811
    """Each POST endpoint with a user it would accept a good body from."""
    return {
        "result": (result_url(match_day), world.home_coach),
        "simulate": (f"/api/v1/fixtures/{match_day.pk}/simulate/", world.commissioner),
        "force-heal": (f"/api/v1/injuries/{injury.pk}/force-heal/", world.home_coach),
        "decision": (
            f"/api/v1/inspections/{pending_inspection.pk}/decision/",
            world.home_coach,
        ),
    }


@pytest.mark.parametrize("endpoint", ["result", "simulate", "force-heal", "decision"])
@pytest.mark.parametrize("body", list(BODIES), ids=list(BODIES))
@pytest.mark.parametrize("idempotency_key", [None, "key-1"])
def test_a_malformed_body_is_a_400_in_the_error_shape(
    endpoints, api_as, endpoint, body, idempotency_key
):
    url, user = endpoints[endpoint]
    headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}

    response = api_as(user).post(url, raw=BODIES[body], **headers)

    assert response.status_code == 400, response.content[:300]
    error = response.json()["error"]
    assert error["code"] == "malformed_body"
    assert error["fields"]["body"]
    assert not Result.objects.exists()
    assert not SimulationJob.objects.exists()
    assert not ForceHealingAttempt.objects.exists()


def test_nesting_depth_counts_lists_and_objects_without_recursing():
    assert nesting_depth(1) == 0
    assert nesting_depth({"a": [1, {"b": []}]}) == 4
    deep: list = []
    for _ in range(10_000):
        deep = [deep]
    assert nesting_depth(deep) == MAX_DEPTH + 1  # stops counting once past the limit
