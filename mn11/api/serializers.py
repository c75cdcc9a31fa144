"""Magic Number Eleven's output shapes (a fixture's match day as the user may see it, its
report, the season's discipline) and the request bodies, for the schema.

The report's body is read by the game's own parser (``mn11.report_input.report_data_parse``)
so the web form and the API read it the same way; its serializers here describe it. An event
is shown as it is taken (``mn11.selectors.event_state``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from api.schema import NamedChoiceField
from mn11.models import Report, ReportEvent, ReportKick
from mn11.report_input import CARD_LENGTH, EVENT_TYPES, MAX_KICKS, MAX_LINES
from mn11.selectors import DisciplineRow, event_state
from rules.mn11 import AwaySet, CardKind, GkCard, GoalKind, Side, VarCard


def choice_field(choices: Any, name: str, **kwargs: Any) -> NamedChoiceField:
    return NamedChoiceField(choices=choices, enum_name=f"Mn11{name}", **kwargs)


def side_field(**kwargs: Any) -> NamedChoiceField:
    return choice_field([s.value for s in Side], "Side", **kwargs)


def away_set_field(**kwargs: Any) -> NamedChoiceField:
    return choice_field([a.value for a in AwaySet], "AwaySet", **kwargs)


def gk_field(**kwargs: Any) -> NamedChoiceField:
    return choice_field([g.value for g in GkCard], "GkCard", **kwargs)


def card_key(**kwargs: Any) -> serializers.CharField:
    return serializers.CharField(max_length=CARD_LENGTH, **kwargs)


# --- match day -----------------------------------------------------------------------------------


class GkViewSerializer(serializers.Serializer[Any]):
    """E-S3 as one side sees it."""

    own = gk_field(allow_null=True, help_text="The side's own GK pick.")
    other = gk_field(allow_null=True, help_text="The other side's pick.")
    choices = serializers.ListField(
        child=gk_field(), help_text="What the side may pick now (empty when not its turn)."
    )
    out = gk_field(allow_null=True, help_text="The card out of the match, once both picked.")

    class Meta:
        ref_name = "Mn11GkView"


class TeamRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()

    class Meta:
        ref_name = "Mn11TeamRef"


class SquadCardSerializer(serializers.Serializer[Any]):
    """A card a side may field, by key and name (E-S1 to E-S3)."""

    key = card_key()
    name = serializers.CharField()
    kind = choice_field([kind.value for kind in CardKind], "CardKind", help_text="gk, set or star.")
    position = serializers.CharField(help_text="GK (never on the field) or Outfield.")
    detail = serializers.CharField(help_text='Its set or edition, e.g. "Star Player (expansion)".')

    class Meta:
        ref_name = "Mn11SquadCard"


class LineupChangeSerializer(serializers.Serializer[Any]):
    """A line-up a commissioner changed after both were in."""

    at = serializers.DateTimeField()
    by = serializers.CharField(help_text="The commissioner's username.")
    before = serializers.ListField(child=card_key())
    after = serializers.ListField(child=card_key())

    class Meta:
        ref_name = "Mn11LineupChange"


class SideViewSerializer(serializers.Serializer[Any]):
    side = side_field()
    team = TeamRefSerializer()
    squad = SquadCardSerializer(
        many=True,
        help_text="Every card the side may field, by key and name: its GK card (once "
        "picked), its set's cards (Away's once it chose its set) and its Star Players.",
    )
    lineup = serializers.ListField(
        child=card_key(),
        allow_null=True,
        help_text="The 11 card keys: to the team's own coach (and a commissioner) once in, "
        "to everyone once both are in (E-S3); null while sealed or not in.",
    )
    lineup_in = serializers.BooleanField(help_text="Whether the line-up is submitted.")
    gk = GkViewSerializer(allow_null=True, help_text="Null without GK cards (E-S3).")
    may_manage = serializers.BooleanField(help_text="Whether the user may set this side.")
    may_change_lineup = serializers.BooleanField(
        help_text="Whether the user may submit this side's line-up now: until both are in, "
        "then a commissioner only."
    )
    changes = LineupChangeSerializer(
        many=True, help_text="Changes a commissioner made after both line-ups were in."
    )
    suspended = serializers.ListField(
        child=card_key(), help_text="Cards this side may not start (E-D3), to its own coach."
    )

    def to_representation(self, instance: Any) -> dict[str, Any]:
        data = super().to_representation(instance)
        data["suspended"] = sorted(data["suspended"])
        return data

    class Meta:
        ref_name = "Mn11MatchDaySide"


class MatchDaySerializer(serializers.Serializer[Any]):
    away_set = away_set_field(allow_null=True, help_text="E-S1: chosen by the Away coach.")
    gk_on = serializers.BooleanField(help_text="Whether the season plays GK cards (E-S3).")
    gk_turn = side_field(allow_null=True, help_text="Whose GK pick is next (Home first).")
    sides = SideViewSerializer(many=True, help_text="Home, then Away.")
    may_choose_set = serializers.BooleanField()

    class Meta:
        ref_name = "Mn11MatchDay"


# --- reports -------------------------------------------------------------------------------------


class EventSerializer(serializers.Serializer[ReportEvent]):
    """One event as the report takes it: a goal (card, kind), a VAR decision (strength,
    card: the VAR card, magic_number, warning), a corner kick (attempts, powers) or a card
    sent off (card)."""

    type = choice_field(list(EVENT_TYPES), "EventType")
    side = side_field()
    half = serializers.IntegerField()
    card = serializers.CharField(required=False)
    kind = choice_field([k.value for k in GoalKind], "GoalKind", required=False)
    strength = serializers.IntegerField(required=False)
    magic_number = serializers.BooleanField(required=False)
    warning = serializers.BooleanField(required=False)
    attempts = serializers.ListField(child=serializers.BooleanField(), required=False)
    attack_power = serializers.IntegerField(required=False, allow_null=True)
    defence_power = serializers.IntegerField(required=False, allow_null=True)
    warned = serializers.CharField(
        required=False, allow_null=True, help_text="A VAR decision's warned card, if recorded."
    )

    class Meta:
        ref_name = "Mn11Event"

    def to_representation(self, instance: ReportEvent) -> dict[str, Any]:
        return event_state(instance)


class KickSerializer(serializers.ModelSerializer[ReportKick]):
    side = side_field()

    class Meta:
        model = ReportKick
        fields = ["side", "scored", "card"]
        ref_name = "Mn11Kick"


class ReportSerializer(serializers.ModelSerializer[Report]):
    result = serializers.IntegerField(source="result_id")
    home_score = serializers.IntegerField(source="result.home_score")
    away_score = serializers.IntegerField(source="result.away_score")
    reported_by = serializers.CharField(source="result.reported_by.username", allow_null=True)
    away_set = away_set_field()
    gk_home = choice_field(["", *(g.value for g in GkCard)], "GkCardOrNone")
    gk_away = choice_field(["", *(g.value for g in GkCard)], "GkCardOrNone")
    shootout_winner = choice_field(
        ["", *(s.value for s in Side)], "SideOrNone", help_text="Blank: no shootout (E-D5)."
    )
    events = EventSerializer(many=True)
    shootout = KickSerializer(many=True, source="kicks")

    class Meta:
        model = Report
        fields = [
            "result",
            "home_score",
            "away_score",
            "reported_by",
            "away_set",
            "gk_home",
            "gk_away",
            "shootout_winner",
            "events",
            "shootout",
        ]
        ref_name = "Mn11Report"


class EventInputSerializer(serializers.Serializer[Any]):
    type = choice_field(list(EVENT_TYPES), "EventType")
    side = side_field(
        help_text="Scored, attacked, took the corner, lost the card or used its GK skill."
    )
    half = serializers.IntegerField(min_value=0, max_value=9)
    card = serializers.CharField(
        required=False,
        max_length=CARD_LENGTH,
        help_text="A goal's scorer or the card sent off (its key, e.g. `home-9`, `base-01`: a "
        "card of that side's line-up, or of its cards without one, not suspended, not sent "
        "off); a VAR decision's card: one of "
        f"{', '.join(v.value for v in VarCard)}.",
    )
    warned = serializers.CharField(
        required=False,
        allow_null=True,
        max_length=CARD_LENGTH,
        help_text="A VAR decision with a Warning: the defending card warned (optional; a "
        "card on the defenders' pitch).",
    )
    kind = choice_field(
        [k.value for k in GoalKind], "GoalKind", required=False, help_text="A goal's kind."
    )
    strength = serializers.IntegerField(required=False, min_value=-99, max_value=99)
    magic_number = serializers.BooleanField(required=False)
    warning = serializers.BooleanField(required=False)
    attempts = serializers.ListField(
        child=serializers.BooleanField(), required=False, help_text="A corner's flicks in order."
    )
    attack_power = serializers.IntegerField(required=False, allow_null=True)
    defence_power = serializers.IntegerField(required=False, allow_null=True)

    class Meta:
        ref_name = "Mn11EventInput"


class KickInputSerializer(serializers.Serializer[Any]):
    side = side_field()
    scored = serializers.BooleanField()
    card = card_key(
        required=False,
        allow_blank=True,
        help_text="The kicker (optional): a card of that side's line-up, its GK card too.",
    )

    class Meta:
        ref_name = "Mn11KickInput"


class ReportInputSerializer(serializers.Serializer[Any]):
    """A match's report (E-R1), as mn11.report_input.report_data_parse reads it."""

    home_score = serializers.IntegerField(min_value=0, max_value=99)
    away_score = serializers.IntegerField(min_value=0, max_value=99)
    away_set = away_set_field(
        required=False, allow_null=True, help_text="Leave it out for the match day's (E-S1)."
    )
    gk_home = gk_field(
        required=False,
        allow_null=True,
        help_text="Leave both GK picks out for the match day's (E-S3).",
    )
    gk_away = gk_field(required=False, allow_null=True)
    events = serializers.ListField(
        child=EventInputSerializer(), required=False, max_length=MAX_LINES
    )
    shootout = serializers.ListField(
        child=KickInputSerializer(), required=False, max_length=MAX_KICKS, help_text="E-D5."
    )

    class Meta:
        ref_name = "Mn11ReportInput"


# --- discipline ----------------------------------------------------------------------------------


class SentOffSerializer(serializers.Serializer[Any]):
    card = card_key()
    count = serializers.IntegerField()

    class Meta:
        ref_name = "Mn11SentOff"


class DisciplineRowSerializer(serializers.Serializer[DisciplineRow]):
    """E-D3: a team's warnings, yellow cards, red cards and cards sent off this season."""

    team = TeamRefSerializer()
    warnings = serializers.IntegerField(source="line.warnings")
    yellows = serializers.IntegerField(source="line.yellows")
    reds = serializers.IntegerField(source="line.reds")
    sent_off = serializers.SerializerMethodField()

    class Meta:
        ref_name = "Mn11DisciplineRow"

    @extend_schema_field(SentOffSerializer(many=True))
    def get_sent_off(self, row: DisciplineRow) -> list[dict[str, Any]]:
        return [{"card": card, "count": count} for card, count in row.cards]
