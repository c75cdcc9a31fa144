"""The one builder of a stored player as the engine sees him (rosters/selectors.py): the
match's team sheet and the roster page's effective rolls both read it."""

from __future__ import annotations

from dataclasses import replace

from rosters.models import Player
from rosters.selectors import player_snapshot
from rules.magnoball.settings import ProgressionMode, RuleSettings
from rules.magnoball.snapshot import Side
from rules.magnoball.vocabulary import Action, EnhancementKind, Position, StatCategory, Status


def test_a_stored_player_keeps_his_status_picks_levels_and_enhancements():
    player = Player(
        pk=7,
        name="Pia",
        position=Position.GOALIE,
        status=Status.VETERAN,
        veteran_actions=["saves", "tackles"],
        superstar=True,
        superstar_actions=["movement", "scoring"],
    )
    settings = replace(RuleSettings(), progression_mode=ProgressionMode.STATS)

    snap = player_snapshot(
        player,
        side=Side.AWAY,
        settings=settings,
        successes={StatCategory.SAVES: settings.stat_level_2, StatCategory.TACKLES: 1},
        enhancements=[EnhancementKind.DEFLECTOR_FIELD],
    )

    assert (snap.key, snap.name, snap.side, snap.position) == (
        "7",
        "Pia",
        Side.AWAY,
        Position.GOALIE,
    )
    assert snap.status is Status.VETERAN
    assert snap.veteran_actions == {Action.SAVES, Action.TACKLES}
    assert snap.superstar
    assert snap.superstar_actions == {Action.MOVEMENT, Action.SCORING}
    assert snap.stat_levels[StatCategory.SAVES] == 2
    assert snap.stat_levels[StatCategory.TACKLES] == 0
    assert snap.enhancements == {EnhancementKind.DEFLECTOR_FIELD}
