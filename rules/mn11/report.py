"""E-R1: a match report: the match's events in the order they happened (goals, VAR
decisions, corner kicks, sendings-off and GK skill uses, each in its half), the final score,
the shootout kicks, the Away card set and the GK picks; and what each side's cards were
(:class:`SideCards`), which the report is checked against (rules/mn11/report_check.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from .referee import tackle_category
from .shootout import ShootoutKick, shootout_winner
from .vocabulary import AwaySet, GkCard, GoalKind, Side, TackleCategory, VarCard

__all__ = [
    "CornerKick",
    "Event",
    "GkSkill",
    "Goal",
    "MatchReport",
    "ReportError",
    "SendOff",
    "SideCards",
    "TeamCards",
    "VarDecision",
    "team_cards",
]


@dataclass(frozen=True, slots=True)
class Goal:
    """E-R1: a goal: the scoring side, the half, the scoring card and how it was scored."""

    side: Side
    half: int
    card: str
    kind: GoalKind = GoalKind.OPEN_PLAY


@dataclass(frozen=True, slots=True)
class VarDecision:
    """E-D1, E-D2: a tackle and the referee's decision. `side` attacked; the other side
    tackled and, on a Strong tackle, is warned."""

    side: Side
    half: int
    strength: int
    card: VarCard
    magic_number: bool = False
    warning: bool = False
    #: The defending Player Card the Warning went to, when the report names it (the Warning
    #: itself is the side's, E-D3).
    warned: str | None = None

    @property
    def category(self) -> TackleCategory:
        return tackle_category(self.strength, magic_number=self.magic_number)


@dataclass(frozen=True, slots=True)
class CornerKick:
    """E-D4: a corner kick by `side`: each flick in order, in the hole or not; the powers
    of the Goal Check that gave it, when the report records them."""

    side: Side
    half: int
    attempts: tuple[bool, ...]
    attack_power: int | None = None
    defence_power: int | None = None

    @property
    def scored(self) -> bool:
        return any(self.attempts)


@dataclass(frozen=True, slots=True)
class SendOff:
    """E-D3: a Player Card of `side` sent off (its Red Card or a further Warning)."""

    side: Side
    half: int
    card: str


@dataclass(frozen=True, slots=True)
class GkSkill:
    """E-S3 (GK expansion): `side` used its GK card's skill, once a half at most."""

    side: Side
    half: int


Event = Goal | VarDecision | CornerKick | SendOff | GkSkill


@dataclass(frozen=True, slots=True)
class MatchReport:
    """E-R1: what the league records of a match played at the table."""

    home_score: int
    away_score: int
    events: tuple[Event, ...] = ()
    shootout: tuple[ShootoutKick, ...] = ()
    away_set: AwaySet = AwaySet.BASE
    gk_home: GkCard | None = None
    gk_away: GkCard | None = None

    def score(self, side: Side) -> int:
        return self.home_score if side is Side.HOME else self.away_score

    def goals(self, side: Side | None = None, *, half: int | None = None) -> tuple[Goal, ...]:
        """The goals, in order, of one side and one half if given."""
        return tuple(
            event
            for event in self.events
            if isinstance(event, Goal)
            and (side is None or event.side is side)
            and (half is None or event.half == half)
        )

    @property
    def shootout_winner(self) -> Side | None:
        return shootout_winner(self.shootout)

    @property
    def winner(self) -> Side | None:
        """The side that won, in the match or the shootout; None for a draw."""
        if self.home_score != self.away_score:
            return Side.HOME if self.home_score > self.away_score else Side.AWAY
        return self.shootout_winner


@dataclass(frozen=True, slots=True)
class ReportError:
    """One fault: the field (a path into the report), the rule and the message."""

    field: str
    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class SideCards:
    """E-R1, E-S3, E-D3: the cards one side had in the match, which its scorers, warned and
    sent-off cards and shootout kickers must be: `cards`, its sealed line-up (or, when it
    submitted none, every card it could field); its GK card's key; its cards `suspended`
    for the match; and its team's name for the messages."""

    cards: frozenset[str]
    gk: str | None = None
    suspended: frozenset[str] = frozenset()
    team: str = ""
    lineup: bool = True


@dataclass(frozen=True, slots=True)
class TeamCards:
    """E-D3: one side's discipline in a match: its Warnings, whether it was shown the Yellow
    Card (a first Warning) and the Red (a second), and the cards it had sent off."""

    warnings: int
    yellow: bool
    red: bool
    sent_off: tuple[str, ...]


def team_cards(report: MatchReport, side: Side) -> TeamCards:
    """E-D3: `side`'s Warnings (Strong tackles it made) and cards sent off in `report`."""
    warnings = sum(
        1
        for event in report.events
        if isinstance(event, VarDecision) and event.warning and event.side is side.other
    )
    sent_off = tuple(
        event.card for event in report.events if isinstance(event, SendOff) and event.side is side
    )
    return TeamCards(warnings=warnings, yellow=warnings >= 1, red=warnings >= 2, sent_off=sent_off)
