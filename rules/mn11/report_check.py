"""E-R1: a match report checked against E-S1, E-S3 and E-D1 to E-D5.

:func:`report_errors` returns every fault, each with the field it concerns (``home_score``,
``events[3].card``, ``shootout[7]``), so a form can show it there. Given each side's cards
(:class:`SideCards`), every card the report names (a scorer, a warned or sent-off card, a
shootout kicker) must have been on that side's pitch: in its sealed line-up (a kicker may be
its GK card), not suspended (E-D3), not sent off earlier in the match.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from .report import (
    CornerKick,
    GkSkill,
    Goal,
    MatchReport,
    ReportError,
    SendOff,
    SideCards,
    VarDecision,
)
from .settings import Mn11Settings
from .shootout import shootout_errors
from .vocabulary import AwaySet, GkCard, GoalKind, Side, TackleCategory, VarCard
from .wording import article, counted, possessive

__all__ = ["CORNER_ATTEMPTS", "CORNER_MAX_ATTACK", "HALVES", "report_errors"]

HALVES = (1, 2)
#: E-D4: a corner kick is at most two flicks.
CORNER_ATTEMPTS = 2
#: E-D4: a corner needs a Total Attack Power of at most this.
CORNER_MAX_ATTACK = 10


def report_errors(
    report: MatchReport,
    *,
    settings: Mn11Settings,
    knockout: bool = False,
    cards: Mapping[Side, SideCards] | None = None,
) -> list[ReportError]:
    """E-R1: every fault of `report` for a league (or, `knockout`, a knockout) match; with
    `cards`, every card it names is checked against that side's."""
    return _Check(report, settings, knockout, cards or {}).run()


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

    def __init__(
        self,
        report: MatchReport,
        settings: Mn11Settings,
        knockout: bool,
        cards: Mapping[Side, SideCards],
    ) -> None:
        self.report = report
        self.settings = settings
        self.knockout = knockout
        self.cards = cards
        self.errors: list[ReportError] = []
        self.gk_keys = {card.card_key for card in GkCard}
        self.sent_off: dict[Side, list[str]] = {side: [] for side in Side}

    def add(self, field: str, rule: str, message: str) -> None:
        self.errors.append(ReportError(field=field, rule=rule, message=message))

    def name(self, side: Side) -> str:
        """The side's team as the messages name it (the side's label without one)."""
        given = self.cards.get(side)
        return given.team if given is not None and given.team else side.label

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

    # --- E-R1, E-S3, E-D3: the cards a report names ------------------------------------------

    def _card(self, at: str, side: Side, card: str, *, does: str, gk: bool = False) -> None:
        """`card` of `side` (named at `at`) was on the pitch when it `does` so: in the side's
        line-up (its GK card only where `gk`), not suspended, not sent off."""
        if card in self.gk_keys and not gk:
            never = (
                does.replace("is ", "is never ", 1) if does.startswith("is ") else f"never {does}"
            )
            self.add(at, "E-S3", f"{card} is a GK card, never on the field: it {never}.")
            return
        given = self.cards.get(side)
        if given is not None:
            owner = possessive(self.name(side))
            if card not in given.cards and card != given.gk:
                where = (
                    f"in {owner} line-up"
                    if given.lineup
                    else f"one of {owner} cards (its set and its Star Players)"
                )
                self.add(at, "E-R1", f"{card} is not {where}: only a card on the pitch {does}.")
                return
            if card in given.suspended:
                self.add(
                    at,
                    "E-D3",
                    f"{card} is suspended for this match (sent off in {owner} last) and does "
                    "not play.",
                )
                return
        if card in self.sent_off[side]:
            self.add(at, "E-D3", f"{card} was sent off and plays no more.")

    # --- E-D1 to E-D4 in order -----------------------------------------------------------------

    def _events(self) -> None:
        # Conversions waiting for their goal: (side, half, what) → event indexes.
        open_kicks: dict[tuple[Side, int, str], list[int]] = {}
        warnings: Counter[Side] = Counter()
        warning_at: dict[Side, list[int]] = {side: [] for side in Side}
        skills: set[tuple[Side, int]] = set()
        half = HALVES[0]
        for index, event in enumerate(self.report.events):
            at = f"events[{index}]"
            half = self._half(at, event.half, half)
            if isinstance(event, Goal):
                self._goal(at, event, open_kicks)
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
            elif isinstance(event, GkSkill):
                self._gk_skill(at, event, skills)
            else:
                self._send_off(at, event, warnings[event.side])
        self._send_offs_owed(warnings, warning_at)
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

    def _send_offs_owed(self, warnings: Counter[Side], warning_at: dict[Side, list[int]]) -> None:
        """E-D3: each Warning after a side's first sends off a Player Card, to be recorded."""
        for side in Side:
            # The last `owed` Warnings are those whose send-off is missing.
            owed = max(0, warnings[side] - 1) - len(self.sent_off[side])
            for index in warning_at[side][-owed:] if owed > 0 else ():
                self.add(
                    f"events[{index}].warning",
                    "E-D3",
                    f"A second or further Warning sends off {article(side.label)} Player "
                    "Card: record which.",
                )

    def _corner_goals_missing(self, open_kicks: dict[tuple[Side, int, str], list[int]]) -> None:
        """E-D4: a corner in the hole is a goal, to be recorded (kind corner)."""
        for (side, _half, what), indexes in open_kicks.items():
            if what == "corner":  # a missed penalty or free kick is no fault; a corner in is
                for index in indexes:
                    self.add(
                        f"events[{index}].attempts",
                        "E-D4",
                        f"A corner in the hole is {article(side.label)} goal: record it "
                        "(kind corner).",
                    )

    def _goal(
        self, at: str, goal: Goal, open_kicks: dict[tuple[Side, int, str], list[int]]
    ) -> None:
        if not goal.card.strip():
            self.add(f"{at}.card", "E-R1", "Name the scoring card.")
        else:
            self._card(f"{at}.card", goal.side, goal.card, does="scores")
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
            f"{article(goal.kind.label.lower()).capitalize()} goal follows {source} for "
            f"{goal.side.label} earlier in the same half.",
        )

    def _decision(self, at: str, decision: VarDecision) -> None:
        self._warned(at, decision)
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

    def _warned(self, at: str, decision: VarDecision) -> None:
        """E-D2, E-D3: the card a Warning went to, when named: a defending card on the pitch."""
        if decision.warned is None:
            return
        if not decision.warning:
            self.add(
                f"{at}.warned", "E-D2", "Only a Warning has a warned card: this decision gave none."
            )
            return
        defenders = decision.side.other
        self._card(f"{at}.warned", defenders, decision.warned, does="is warned")

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

    def _gk_skill(self, at: str, skill: GkSkill, used: set[tuple[Side, int]]) -> None:
        """E-S3: each GK card's skill can be used once in each half."""
        if not self.settings.gk_expansion:
            self.add(at, "E-S3", "This league plays without GK cards: there is no GK skill.")
        elif (skill.side, skill.half) in used:
            self.add(
                at,
                "E-S3",
                f"{possessive(self.name(skill.side))} GK skill is used once a half: it was "
                "used in this half already.",
            )
        used.add((skill.side, skill.half))

    def _send_off(self, at: str, send_off: SendOff, warnings: int) -> None:
        side = send_off.side
        sent_off = self.sent_off[side]
        if len(sent_off) >= max(0, warnings - 1):
            self.add(
                at,
                "E-D3",
                f"{self.name(side)} has had {counted(warnings, 'Warning')}: a card is sent off "
                "only for a second or further Warning, one card each.",
            )
        card = send_off.card
        if not card.strip():
            self.add(f"{at}.card", "E-D3", "Name the card sent off.")
        elif card in sent_off:
            self.add(f"{at}.card", "E-D3", f"{card} was already sent off.")
        else:
            self._card(f"{at}.card", side, card, does="is sent off")
        sent_off.append(card)

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
                    f"The goals recorded for {self.name(side)} add up to {goals}, not {score}.",
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
        for index, kick in enumerate(report.shootout):
            if kick.card:
                self._card(
                    f"shootout[{index}].card", kick.side, kick.card, does="takes a kick", gk=True
                )
