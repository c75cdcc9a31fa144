"""E-R1: a match report, and its validation against E-D1 to E-D5 and E-S3.

The report is the match's events in the order they happened (goals, VAR decisions, corner
kicks, sendings-off, each in its half), the final score, the shootout kicks, the Away card
set and the GK picks. :func:`report_errors` returns every fault, each with the field it
concerns (``home_score``, ``events[3].card``, ``shootout[7]``), so a form can show it there.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .referee import tackle_category
from .settings import Mn11Settings
from .shootout import ShootoutKick, shootout_errors, shootout_winner
from .vocabulary import AwaySet, GkCard, GoalKind, Side, TackleCategory, VarCard

__all__ = [
    "CornerKick",
    "Event",
    "Goal",
    "MatchReport",
    "ReportError",
    "SendOff",
    "TeamCards",
    "VarDecision",
    "report_errors",
    "team_cards",
]

HALVES = (1, 2)
#: E-D4: a corner kick is at most two flicks.
CORNER_ATTEMPTS = 2
#: E-D4: a corner needs a Total Attack Power of at most this.
CORNER_MAX_ATTACK = 10


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


Event = Goal | VarDecision | CornerKick | SendOff


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


def report_errors(
    report: MatchReport, *, settings: Mn11Settings, knockout: bool = False
) -> list[ReportError]:
    """E-R1: every fault of `report` for a league (or, `knockout`, a knockout) match."""
    return _Check(report, settings, knockout).run()


#: The kick a goal of these kinds converts, and (rule, what must come before the goal).
_KICK_OF_GOAL = {
    GoalKind.PENALTY: "penalty",
    GoalKind.FREE_KICK: "free_kick",
    GoalKind.CORNER: "corner",
}
_KICK_SOURCES = {
    "penalty": ("E-D2", "a VAR decision giving it a Penalty Kick"),
    "free_kick": ("E-D2", "a VAR decision giving it a Free Kick"),
    "corner": ("E-D4", "a corner kick in the hole"),
}


class _Check:
    """One pass over a report, collecting faults."""

    def __init__(self, report: MatchReport, settings: Mn11Settings, knockout: bool) -> None:
        self.report = report
        self.settings = settings
        self.knockout = knockout
        self.errors: list[ReportError] = []
        self.gk_keys = {card.card_key for card in GkCard}

    def add(self, field: str, rule: str, message: str) -> None:
        self.errors.append(ReportError(field=field, rule=rule, message=message))

    def run(self) -> list[ReportError]:
        self._match_day()
        self._events()
        self._score()
        self._shootout()
        return self.errors

    # --- E-S1, E-S3 ----------------------------------------------------------------------------

    def _match_day(self) -> None:
        report = self.report
        if not isinstance(report.away_set, AwaySet):
            self.add("away_set", "E-S1", "Choose the base or the expansion Away set.")
        if self.settings.gk_expansion:
            for name, pick in (("gk_home", report.gk_home), ("gk_away", report.gk_away)):
                if pick is None:
                    self.add(name, "E-S3", "Each team plays a GK card: record which.")
            if report.gk_home is not None and report.gk_home == report.gk_away:
                self.add("gk_away", "E-S3", "Away picks one of the two GK cards Home left.")
        else:
            for name, pick in (("gk_home", report.gk_home), ("gk_away", report.gk_away)):
                if pick is not None:
                    self.add(name, "E-S3", "This league plays without GK cards.")

    # --- E-D1 to E-D4 in order -----------------------------------------------------------------

    def _events(self) -> None:
        # Conversions waiting for their goal: (side, half, what) → event indexes.
        open_kicks: dict[tuple[Side, int, str], list[int]] = {}
        warnings: Counter[Side] = Counter()
        warning_at: dict[Side, list[int]] = {side: [] for side in Side}
        sent_off: dict[Side, list[str]] = {side: [] for side in Side}
        half = HALVES[0]
        for index, event in enumerate(self.report.events):
            at = f"events[{index}]"
            half = self._half(at, event.half, half)
            if isinstance(event, Goal):
                self._goal(at, event, open_kicks, sent_off)
            elif isinstance(event, VarDecision):
                self._decision(at, event)
                if event.warning:
                    warnings[event.side.other] += 1
                    warning_at[event.side.other].append(index)
                if event.card is not VarCard.NO_FOUL:
                    what = "penalty" if event.card is VarCard.PENALTY_KICK else "free_kick"
                    open_kicks.setdefault((event.side, event.half, what), []).append(index)
            elif isinstance(event, CornerKick):
                self._corner(at, event)
                if event.scored:
                    open_kicks.setdefault((event.side, event.half, "corner"), []).append(index)
            else:
                self._send_off(at, event, warnings[event.side], sent_off)
        self._send_offs_owed(warnings, warning_at, sent_off)
        self._corner_goals_missing(open_kicks)

    def _half(self, at: str, event_half: int, half: int) -> int:
        """E-R1: the event's half, 1 or 2 and never back to the 1st; the half play is in."""
        if event_half not in HALVES:
            self.add(f"{at}.half", "E-R1", "A match has two halves: 1 or 2.")
        elif event_half < half:
            self.add(f"{at}.half", "E-R1", "Events are in match order: the 2nd half follows.")
        else:
            return event_half
        return half

    def _send_offs_owed(
        self,
        warnings: Counter[Side],
        warning_at: dict[Side, list[int]],
        sent_off: dict[Side, list[str]],
    ) -> None:
        """E-D3: each Warning after a side's first sends off a Player Card, to be recorded."""
        for side in Side:
            # The last `owed` Warnings are those whose send-off is missing.
            owed = max(0, warnings[side] - 1) - len(sent_off[side])
            for index in warning_at[side][-owed:] if owed > 0 else ():
                self.add(
                    f"events[{index}].warning",
                    "E-D3",
                    f"A second or further Warning sends off a {side.label} Player Card: "
                    "record which.",
                )

    def _corner_goals_missing(self, open_kicks: dict[tuple[Side, int, str], list[int]]) -> None:
        """E-D4: a corner in the hole is a goal, to be recorded (kind corner)."""
        for (side, _half, what), indexes in open_kicks.items():
            if what == "corner":  # a missed penalty or free kick is no fault; a corner in is
                for index in indexes:
                    self.add(
                        f"events[{index}].attempts",
                        "E-D4",
                        f"A corner in the hole is a {side.label} goal: record it (kind corner).",
                    )

    def _goal(
        self,
        at: str,
        goal: Goal,
        open_kicks: dict[tuple[Side, int, str], list[int]],
        sent_off: dict[Side, list[str]],
    ) -> None:
        if not goal.card.strip():
            self.add(f"{at}.card", "E-R1", "Name the scoring card.")
        elif goal.card in self.gk_keys:
            self.add(f"{at}.card", "E-S3", "A GK card is never on the field: it cannot score.")
        elif goal.card in sent_off[goal.side]:
            self.add(f"{at}.card", "E-D3", f"{goal.card} was sent off and plays no more.")
        what = _KICK_OF_GOAL.get(goal.kind)
        if what is None:
            return
        waiting = open_kicks.get((goal.side, goal.half, what))
        if waiting:
            waiting.pop(0)
            return
        rule, source = _KICK_SOURCES[what]
        self.add(
            f"{at}.kind",
            rule,
            f"A {goal.kind.label.lower()} goal follows {source} for {goal.side.label} "
            "earlier in the same half.",
        )

    def _decision(self, at: str, decision: VarDecision) -> None:
        category = decision.category
        if category is TackleCategory.STRONG:
            if decision.card is not VarCard.PENALTY_KICK:
                self.add(f"{at}.card", "E-D2", "A Strong tackle always gives a Penalty Kick.")
            if not decision.warning:
                self.add(f"{at}.warning", "E-D2", "A Strong tackle always gives a Warning.")
            return
        if category is TackleCategory.WEAK and decision.card is VarCard.NO_FOUL:
            self.add(
                f"{at}.card",
                "E-D2",
                "A Weak tackle draws a Penalty Kick or a Free Kick, never No Foul.",
            )
        if decision.warning:
            self.add(f"{at}.warning", "E-D2", "Only a Strong tackle gives a Warning.")

    def _corner(self, at: str, corner: CornerKick) -> None:
        attempts = corner.attempts
        if not 1 <= len(attempts) <= CORNER_ATTEMPTS:
            self.add(f"{at}.attempts", "E-D4", "A corner kick is one or two attempts.")
        elif len(attempts) == CORNER_ATTEMPTS and attempts[0]:
            self.add(f"{at}.attempts", "E-D4", "A first attempt in the hole ends the corner.")
        attack, defence = corner.attack_power, corner.defence_power
        if attack is not None and attack > CORNER_MAX_ATTACK:
            self.add(
                f"{at}.attack_power",
                "E-D4",
                f"A corner needs a Total Attack Power of {CORNER_MAX_ATTACK} or less.",
            )
        if attack is not None and defence is not None and attack != defence:
            self.add(
                f"{at}.defence_power",
                "E-D4",
                "A corner needs the Total Attack and Defence Powers equal.",
            )

    def _send_off(
        self, at: str, send_off: SendOff, warnings: int, sent_off: dict[Side, list[str]]
    ) -> None:
        side = send_off.side
        if len(sent_off[side]) >= max(0, warnings - 1):
            self.add(
                at,
                "E-D3",
                f"{side.label} has had {warnings} Warning(s): a card is sent off only for "
                "a second or further Warning, one card each.",
            )
        if not send_off.card.strip():
            self.add(f"{at}.card", "E-D3", "Name the card sent off.")
        elif send_off.card in self.gk_keys:
            self.add(f"{at}.card", "E-S3", "A GK card is never on the field: it is not sent off.")
        elif send_off.card in sent_off[side]:
            self.add(f"{at}.card", "E-D3", f"{send_off.card} was already sent off.")
        sent_off[side].append(send_off.card)

    # --- E-R1 score, E-D5 shootout -------------------------------------------------------------

    def _score(self) -> None:
        for side, name in ((Side.HOME, "home_score"), (Side.AWAY, "away_score")):
            score = self.report.score(side)
            if not isinstance(score, int) or isinstance(score, bool) or score < 0:
                self.add(name, "E-R1", "A score is a whole number, 0 or more.")
                continue
            goals = len(self.report.goals(side))
            if goals != score:
                self.add(
                    name,
                    "E-R1",
                    f"The goals recorded for {side.label} add up to {goals}, not {score}.",
                )

    def _shootout(self) -> None:
        report = self.report
        level = report.home_score == report.away_score
        allowed = self.settings.shootouts(knockout=self.knockout)
        kind = "knockout" if self.knockout else "league"
        if not report.shootout:
            if level and allowed:
                self.add("shootout", "E-D5", f"A level {kind} match is settled by a shootout.")
            return
        if not allowed:
            self.add("shootout", "E-D5", f"This league plays no shootouts in {kind} matches.")
        if not level:
            self.add("shootout", "E-D5", "A shootout comes only after a level score.")
        for index, message in shootout_errors(report.shootout):
            field = "shootout" if index is None else f"shootout[{index}]"
            self.add(field, "E-D5", message)
        sent_off = {
            (event.side, event.card) for event in report.events if isinstance(event, SendOff)
        }
        for index, kick in enumerate(report.shootout):
            if kick.card is not None and (kick.side, kick.card) in sent_off:
                self.add(
                    f"shootout[{index}].card",
                    "E-D3",
                    f"{kick.card} was sent off and plays no more.",
                )
