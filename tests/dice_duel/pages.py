"""The dice duel's team and fixture pages (its ruleset's ``team_view`` and ``fixture_view``),
on the site's base page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template import engines

from league.models import Fixture, Result, Team

PAGE = engines["django"].from_string(
    """{% extends "base.html" %}{% block content %}
<h1>{{ fixture.home_team }} v {{ fixture.away_team }}</h1>
{% if result %}<p class="rolls">{{ fixture.home_team }} rolled {{ result.home_score }},
{{ fixture.away_team }} rolled {{ result.away_score }}.</p>
{% else %}<p>Not rolled yet.</p>{% endif %}{% endblock %}"""
)


def fixture(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    result = Result.objects.filter(fixture=fixture).first()
    return HttpResponse(PAGE.render({"fixture": fixture, "result": result}, request))


TEAM = engines["django"].from_string(
    """{% extends "base.html" %}{% block content %}<h1>{{ team.name }}</h1>
<p>Coached by {{ team.coach|default:"nobody yet" }}.</p>{% endblock %}"""
)


def team(request: HttpRequest, team: Team) -> HttpResponse:
    return HttpResponse(TEAM.render({"team": team}, request))
