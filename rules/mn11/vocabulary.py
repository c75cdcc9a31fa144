"""The words of Magic Number Eleven's league play (docs/rules-mn11.md, ids E-…)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["AwaySet", "GkCard", "GoalKind", "Side", "StarEdition", "TackleCategory", "VarCard"]


class Side(StrEnum):
    """E-S1: each match has a Home and an Away team."""

    HOME = "home"
    AWAY = "away"

    @property
    def other(self) -> Side:
        return Side.AWAY if self is Side.HOME else Side.HOME

    @property
    def label(self) -> str:
        return self.value.title()


class AwaySet(StrEnum):
    """E-S1: the Away team plays the base game's Away cards or the expansion's."""

    BASE = "base"
    EXPANSION = "expansion"

    @property
    def label(self) -> str:
        return "Away team (Base game)" if self is AwaySet.BASE else "Away team (Expansion)"


class StarEdition(StrEnum):
    """E-S2: where a Star Player card comes from."""

    BASE = "base"
    EXPANSION = "expansion"


class GkCard(StrEnum):
    """E-S3: the three GK cards of the GK expansion."""

    DEFENCE_COVER = "defence_cover"
    COUNTERATTACK = "counterattack"
    BUILD_UP = "build_up"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").title()

    @property
    def card_key(self) -> str:
        """How a line-up or a report names the GK card among Player Cards."""
        return f"gk-{self.value.replace('_', '-')}"


class TackleCategory(StrEnum):
    """E-D1, E-D2: a tackle's strength band, which decides the referee's options."""

    STRONG = "strong"
    WEAK = "weak"
    CLASH = "clash"

    @property
    def label(self) -> str:
        return {"strong": "Strong Tackle", "weak": "Weak Tackle", "clash": "Clash"}[self.value]


class VarCard(StrEnum):
    """E-D2: the three VAR cards (a Strong tackle's Penalty Kick is given, not drawn)."""

    PENALTY_KICK = "penalty_kick"
    FREE_KICK = "free_kick"
    NO_FOUL = "no_foul"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").title()


class GoalKind(StrEnum):
    """E-R1: how a goal was scored."""

    OPEN_PLAY = "open_play"
    MAGIC_NUMBER = "magic_number"
    PENALTY = "penalty"
    FREE_KICK = "free_kick"
    CORNER = "corner"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()
