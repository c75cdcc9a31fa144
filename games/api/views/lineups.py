"""A fixture's line-ups (M-P3): read both teams' line-ups, and name another fit reserve for a
vacant first-string place before kick-off."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import get_visible
from api.base import ApiView
from api.fields import StrictInputSerializer, StrictIntegerField
from api.filters import MAX_ID
from api.idempotency import idempotent
from api.schema import IDEMPOTENCY_KEY, conflict_errors, read_errors, write_errors
from games.api import access
from games.selectors import Place, TeamLineup, fixture_lineups
from games.services import lineup_name_reserve
from league.errors import DomainError
from league.models import Fixture, Team
from rosters.models import Player


class PlaceSerializer(serializers.Serializer[Place]):
    place = serializers.CharField(source="key", help_text="The place's name, e.g. wingback-2.")
    position = serializers.CharField(source="position.value")
    number = serializers.IntegerField(help_text="1 or 2 within the position.")
    first_stringer = serializers.IntegerField(
        source="first_stringer.pk", allow_null=True, help_text="Null for an open place."
    )
    why_out = serializers.CharField(help_text="Why the first-stringer cannot play; else empty.")
    starter = serializers.IntegerField(
        source="starter.pk", allow_null=True, help_text="Null: the team is short here."
    )
    fill = serializers.ChoiceField(
        choices=["first_string", "counterpart", "named", "short"],
        source="fill.value",
        help_text="first_string: his own first-stringer; counterpart: the fit second-stringer "
        "of the position; named: a reserve the coach named; short: nobody.",
    )
    options = serializers.SerializerMethodField(
        help_text="Player ids the coach may name for this place (vacant places only)."
    )

    class Meta:
        ref_name = "LineupPlace"

    def get_options(self, place: Place) -> list[int]:
        return [p.pk for p in place.options]


class TeamLineupSerializer(serializers.Serializer[TeamLineup]):
    team = serializers.IntegerField(source="team.pk")
    fixed = serializers.BooleanField(
        help_text="True once kicked off (result recorded or simulation started)."
    )
    starters = serializers.SerializerMethodField(help_text="Player ids, in place order.")
    short = serializers.SerializerMethodField(help_text="How many places nobody fills.")
    places = PlaceSerializer(many=True)
    bench = serializers.SerializerMethodField(help_text="Player ids of the fit reserves.")

    class Meta:
        ref_name = "TeamLineup"

    def get_starters(self, lineup: TeamLineup) -> list[int]:
        return [p.pk for p in lineup.starters]

    def get_short(self, lineup: TeamLineup) -> int:
        return len(lineup.short)

    def get_bench(self, lineup: TeamLineup) -> list[int]:
        return [p.pk for p in lineup.bench]


class FixtureLineupView(ApiView):
    """Both teams' line-ups (M-P3): as fixed at kick-off, or as they would be fixed now; and
    a coach's named reserve for a vacant place of his team."""

    class InputSerializer(StrictInputSerializer):
        team = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="Team id.")
        place = serializers.CharField(
            max_length=20, help_text="A vacant place of its first string, e.g. wingback-1."
        )
        reserve = StrictIntegerField(
            min_value=1,
            max_value=MAX_ID,
            allow_null=True,
            help_text="A fit reserve of the team not already starting; null goes back to the "
            "second-string counterpart.",
        )

        class Meta:
            ref_name = "LineupReserveInput"

    OutputSerializer = TeamLineupSerializer

    @extend_schema(
        summary="A fixture's line-ups at kick-off (M-P3)",
        responses={
            200: TeamLineupSerializer(many=True),
            **read_errors(),
            **conflict_errors("other_game"),
        },
    )
    def get(self, request: Request, fixture_id: int) -> Response:
        fixture = get_visible(
            Fixture.objects.select_related("round__season__league", "home_team", "away_team"),
            league_path="round__season__league",
            user=request.user,
            pk=fixture_id,
        )
        access.require_magnoball_fixture(fixture)
        lineups = fixture_lineups(fixture=fixture)
        return Response(self.OutputSerializer(lineups, many=True).data)  # type: ignore[arg-type]  # many=True takes a list; the stubs type one instance

    @extend_schema(
        summary="Name another fit reserve for a vacant place (M-P3)",
        description="The team's coach or the league's commissioner, until kick-off. The "
        "reserve starts in that place instead of the second-string counterpart when the "
        "line-up is fixed (if the place is still vacant and he still fit). Audited.",
        parameters=[IDEMPOTENCY_KEY],
        request=InputSerializer,
        responses={
            200: TeamLineupSerializer,
            **write_errors(
                invalid=["place_not_vacant", "reserve_not_available"],
                conflict=["lineup_fixed", "season_not_running", "other_game"],
            ),
        },
    )
    def post(self, request: Request, fixture_id: int) -> Response:
        fixture = get_visible(
            Fixture.objects.select_related("round__season__league", "home_team", "away_team"),
            league_path="round__season__league",
            user=request.user,
            pk=fixture_id,
        )
        access.require_magnoball_fixture(fixture)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        team = access.team_for_lineup(user=request.user, fixture=fixture, team_id=data["team"])
        return idempotent(request, lambda: self.name_reserve(request, fixture, team, data))

    def name_reserve(
        self, request: Request, fixture: Fixture, team: Team, data: dict[str, Any]
    ) -> Response:
        reserve = None
        if data["reserve"] is not None:
            reserve = Player.objects.filter(pk=data["reserve"]).first()
            if reserve is None:
                raise DomainError(f"No player {data['reserve']}.", code="invalid", field="reserve")
        lineup = lineup_name_reserve(
            fixture=fixture, team=team, place=data["place"], reserve=reserve, actor=request.user
        )
        return Response(self.OutputSerializer(lineup).data)
