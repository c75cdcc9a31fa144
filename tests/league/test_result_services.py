"""A result's lifecycle lives in the core (issue #48): league/services/results.py records,
corrects and voids every game's result, and is the one place a result's event is published;
each game hands it its part through its ruleset's ``result_seam``."""

from __future__ import annotations

import re

from arenaball.services import ARENABALL_RESULTS
from games.services import MAGNOBALL_RESULTS
from league.rulesets import ruleset_get
from league.services.results import ResultSeam
from mn11.services import MN11_RESULTS
from tests.test_module_sizes import ROOT, _project_modules

#: A call of the function (its definition and imports are not calls).
CALL = re.compile(r"(?<!def )\bresult_event_publish\(")


def test_a_results_event_is_published_from_one_place() -> None:
    calls = {
        str(path.relative_to(ROOT)): len(CALL.findall(path.read_text()))
        for path in _project_modules()
        if CALL.search(path.read_text())
    }

    assert calls == {"league/services/results.py": 1}


def test_each_game_names_its_part_of_a_results_lifecycle_by_its_ruleset() -> None:
    seams = {"magnoball": MAGNOBALL_RESULTS, "arenaball": ARENABALL_RESULTS, "mn11": MN11_RESULTS}
    for key, seam in seams.items():
        assert isinstance(seam, ResultSeam)
        assert ruleset_get(key).result_seam is seam, key
