"""What the core does once a result is recorded, corrected or voided, for every game: the
season's standings (M-L1, M-L2) and its rounds' status, recomputed from the stored results
rather than patched; then the league's ruleset adds the game's own consequences. Running it
twice changes nothing."""

from __future__ import annotations

from league.models import Fixture, Round
from league.rulesets import ruleset_for
from league.standings import standings_recompute


def result_aftermath(*, fixture: Fixture) -> None:
    """Recompute everything a result of `fixture` touches. The caller holds the transaction
    and the fixture's lock."""
    season = fixture.round.season
    standings_recompute(season=season)
    _round_status(fixture.round)
    ruleset_for(season.league).result_aftermath(fixture=fixture)


def _round_status(round_: Round) -> None:
    """An open round is complete once every fixture in it is played (and open again when a
    result is voided)."""
    unplayed = round_.fixtures.exclude(status=Fixture.Status.PLAYED).exists()
    status = Round.Status.OPEN if unplayed else Round.Status.COMPLETE
    if round_.status != Round.Status.SCHEDULED and round_.status != status:
        round_.status = status
        round_.save(update_fields=["status"])
