"""E-S2: a Magic Number Eleven season's Star Player draft: its state (order, turn, deadline,
cards left, picks, squads), a pick for the team on the clock (its coach or a commissioner,
with Idempotency-Key) and its start (a commissioner). Missed deadlines are drawn first when
automatic picks are on."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import ApiUser, get_visible
from api.base import ApiView, absolute_url
from api.fields import StrictInputSerializer, StrictIntegerField
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, read_errors, write_errors
from league.access import require_commissioner
from league.models import Season
from mn11 import selectors, services

RULESET = "mn11"
STATE_URL = "api:mn11-season-draft"


def mn11_seasons() -> QuerySet[Season]:
    return Season.objects.filter(league__ruleset=RULESET).select_related("league")


def mn11_season(*, user: ApiUser, season_id: int) -> Season:
    return get_visible(mn11_seasons(), league_path="league", user=user, pk=season_id)


def draft_data(*, season: Season, user: ApiUser) -> dict[str, Any]:
    services.draft_catch_up(season=season)  # the missed picks drawn first: the board moves on
    board = selectors.draft_board(season=season, user=user)
    if board is None:
        raise Http404("The draft has not started.")
    return {
        "season": season.pk,
        "order": [{"id": team.pk, "name": team.name} for team in board.order],
        "draws": [asdict(draw) for draw in board.draws],
        "per_team": board.draft.per_team,
        "snake": board.draft.snake,
        "auto_pick": board.draft.auto_pick,
        "pick_hours": board.draft.pick_hours,
        **selectors.draft_board_data(board),
    }


class CardSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    name = serializers.CharField()

    class Meta:
        ref_name = "Mn11StarCard"


class TurnSerializer(serializers.Serializer[Any]):
    team = serializers.CharField()
    team_id = serializers.IntegerField()
    round = serializers.IntegerField()
    pick = serializers.IntegerField(help_text="1-based over the whole draft.")
    pick_in_round = serializers.IntegerField()


class SquadSerializer(serializers.Serializer[Any]):
    team = serializers.CharField()
    team_id = serializers.IntegerField()
    cards = CardSerializer(many=True)


class PickSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    round = serializers.IntegerField()
    team = serializers.CharField()
    card = serializers.CharField()
    name = serializers.CharField()
    automatic = serializers.BooleanField(help_text="Drawn at a missed deadline.")
    made_by = serializers.CharField()
    made_at = serializers.CharField()


class OrderSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class DrawSerializer(serializers.Serializer[Any]):
    purpose = serializers.CharField()
    options = serializers.ListField(child=serializers.CharField())
    result = serializers.CharField()


class DraftSerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField()
    order = OrderSerializer(many=True, help_text="The first round's order.")
    draws = DrawSerializer(many=True, help_text="The draws that ordered tied teams.")
    per_team = serializers.IntegerField()
    snake = serializers.BooleanField()
    auto_pick = serializers.BooleanField()
    pick_hours = serializers.IntegerField()
    version = serializers.IntegerField(help_text="The number of picks made.")
    done = serializers.BooleanField()
    turn = TurnSerializer(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    deadline_text = serializers.CharField()
    deadline_note = serializers.CharField(
        help_text="What a missed deadline does (drawn at random, or left to the commissioner)."
    )
    waits_for_commissioner = serializers.BooleanField()
    may_pick = serializers.BooleanField(help_text="Whether you may pick now.")
    refusal = serializers.CharField(help_text="Why you may not, if you may not.")
    cards_left = CardSerializer(many=True)
    squads = SquadSerializer(many=True)
    picks = PickSerializer(many=True)

    class Meta:
        ref_name = "Mn11Draft"


class DraftView(ApiView):
    OutputSerializer = DraftSerializer

    @extend_schema(
        summary="A Magic Number Eleven season's Star Player draft",
        responses={200: DraftSerializer, **read_errors()},
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = mn11_season(user=request.user, season_id=season_id)
        return Response(draft_data(season=season, user=request.user))


class DraftPickView(ApiView):
    """E-S2: sign a card for the team on the clock."""

    class InputSerializer(StrictInputSerializer):
        card = serializers.CharField(max_length=20, help_text='A card key, e.g. "base-07".')
        pick = StrictIntegerField(
            required=False,
            min_value=1,
            help_text="The pick you saw on the clock (its number in the draft): refused with "
            "turn_moved once it is made, so a late request never signs for the next team.",
        )

        class Meta:
            ref_name = "Mn11DraftPickInput"

    @extend_schema(
        summary="Pick a Star Player card for the team on the clock",
        description="The coach of the team on the clock (until its deadline, unless automatic "
        "picks are on) or a commissioner. Two picks for the same turn never both land.",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            201: DraftSerializer,
            **write_errors(
                invalid=["unknown_card"],
                conflict=[
                    "taken",
                    "draft_done",
                    "not_started",
                    "season_started",
                    "deadline_passed",
                    "turn_moved",
                ],
            ),
        },
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = mn11_season(user=request.user, season_id=season_id)
        return idempotent(request, lambda: self.pick(request, season))

    def pick(self, request: Request, season: Season) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        services.draft_pick(
            season=season, actor=request.user, card=data["card"], pick_number=data.get("pick")
        )
        location = absolute_url(request, STATE_URL, season.pk)
        body = draft_data(season=season, user=request.user)
        return Response(body, status=201, headers={"Location": location})


class DraftStartView(ApiView):
    """E-S2: start the draft (a commissioner)."""

    class InputSerializer(StrictInputSerializer):
        pick_hours = StrictIntegerField(
            min_value=1,
            max_value=services.MAX_PICK_HOURS,
            required=False,
            help_text="Hours each pick has before its deadline (default 24).",
        )

        class Meta:
            ref_name = "Mn11DraftStartInput"

    @extend_schema(
        summary="Start a Magic Number Eleven season's draft (a commissioner)",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            201: DraftSerializer,
            **write_errors(conflict=["already_started", "season_started", "draft_impossible"]),
        },
    )
    def post(self, request: Request, season_id: int) -> Response:
        season = mn11_season(user=request.user, season_id=season_id)
        require_commissioner(user=request.user, league=season.league)
        return idempotent(request, lambda: self.start(request, season))

    def start(self, request: Request, season: Season) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        hours = serializer.validated_data.get("pick_hours", services.DEFAULT_PICK_HOURS)
        services.draft_start(season=season, actor=request.user, pick_hours=hours)
        location = absolute_url(request, STATE_URL, season.pk)
        body = draft_data(season=season, user=request.user)
        return Response(body, status=201, headers={"Location": location})
