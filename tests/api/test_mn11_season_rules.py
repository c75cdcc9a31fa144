"""Issue #46: a Magic Number Eleven season played through the API as its organisers would (a
league of four coaches, its draft picked through the API, match day and reports), with one
test per rule the league could not trust before: each failed on the code before the fix.

A report names only cards that were on that side's pitch (E-R1: its sealed line-up, not
suspended, not sent off); sealed line-ups stay sealed (E-S3) and the Away set stays chosen
(E-S1); a line-up's cards are real cards, each once, by their one key; numbers are what was
typed; cards are shown by name and key; the messages are true and in English."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from api.tokens import api_token_create
from league.models import AuditEntry, Fixture, Result, Round, Season
from league.services.rounds import round_open
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from mn11.models import Lineup, MatchDay, Report
from tests.api.client import Api
from tests.mn11.draft_world import DraftWorld, draft_world

pytestmark = pytest.mark.django_db
TOKENS = itertools.count(1)


def api_as(user: Any) -> Api:
    _, key = api_token_create(user=user, name=f"season {next(TOKENS)}", actor=None)
    return Api(key)


@dataclass
class Played:
    """The league in its season: the world, an API client per coach and the commissioner's."""

    world: DraftWorld
    coaches: dict[int, Api]
    commissioner: Api

    def fixture(self, number: int = 1, index: int = 0) -> Fixture:
        return (
            Fixture.objects.filter(round__season=self.world.season, round__number=number)
            .select_related("home_team", "away_team")
            .order_by("pk")[index]
        )

    def home(self, fixture: Fixture) -> Api:
        return self.coaches[fixture.home_team_id]

    def away(self, fixture: Fixture) -> Api:
        return self.coaches[fixture.away_team_id]

    def squad(self, fixture: Fixture, side: str) -> list[dict[str, Any]]:
        body = self.commissioner.get(url(fixture)).json()
        sides = {s["side"]: s for s in body["match_day"]["sides"]}
        return list(sides[side]["squad"])

    def ready(self, fixture: Fixture, away_set: str = "base") -> None:
        """E-S1, E-S3: the Away set, then Home's GK card, then Away's."""
        home, away = self.home(fixture), self.away(fixture)
        assert away.put(url(fixture, "away-set/"), {"away_set": away_set}).status_code == 200
        pick = {"side": "home", "card": "defence_cover"}
        assert home.put(url(fixture, "gk/"), pick).status_code == 200
        pick = {"side": "away", "card": "build_up"}
        assert away.put(url(fixture, "gk/"), pick).status_code == 200

    def stars(self, team_id: int) -> list[str]:
        """The Star Player cards the team signed, as the draft's board lists them."""
        board = self.commissioner.get(draft_url(self.world.season)).json()
        return next(
            [c["key"] for c in s["cards"]] for s in board["squads"] if s["team_id"] == team_id
        )

    def eleven(self, fixture: Fixture, side: str) -> list[str]:
        """The side's GK card, its set's first nine cards and its first Star Player."""
        if side == "home":
            gk, field, team = "gk-defence-cover", "home-", fixture.home_team_id
        else:
            away_set = MatchDay.objects.get(fixture=fixture).away_set
            gk, field, team = "gk-build-up", f"away-{away_set}-", fixture.away_team_id
        return [gk, *(f"{field}{n}" for n in range(1, 10)), self.stars(team)[0]]

    def lineup(self, fixture: Fixture, side: str, cards: list[str], api: Api | None = None) -> Any:
        """PUT a line-up, naming the side by its team's id (the older name, still taken)."""
        client = api or (self.home(fixture) if side == "home" else self.away(fixture))
        team = fixture.home_team_id if side == "home" else fixture.away_team_id
        return client.put(url(fixture, "lineup/"), {"team": team, "cards": cards})

    def both_lineups(self, fixture: Fixture) -> dict[str, list[str]]:
        cards = {side: self.eleven(fixture, side) for side in ("home", "away")}
        for side in ("away", "home"):
            assert self.lineup(fixture, side, cards[side]).status_code == 200
        return cards

    def report(self, fixture: Fixture, body: dict[str, Any]) -> Any:
        return self.home(fixture).post(url(fixture, "result/"), body)


def url(fixture: Fixture, tail: str = "") -> str:
    return f"/api/v1/mn11/fixtures/{fixture.pk}/{tail}"


def draft_url(season: Season, tail: str = "") -> str:
    return f"/api/v1/mn11/seasons/{season.pk}/draft/{tail}"


def goal(side: str, half: int, card: str, kind: str = "open_play") -> dict[str, Any]:
    return {"type": "goal", "side": side, "half": half, "card": card, "kind": kind}


def strong(side: str, half: int, **extra: Any) -> dict[str, Any]:
    """E-D2: a Strong tackle on `side`'s attack: a Penalty Kick and a Warning."""
    return {"type": "var", "side": side, "half": half, "strength": 3, "card": "penalty_kick",
            "warning": True, **extra}  # fmt: skip


def problems(response: Any) -> dict[str, str]:
    """A refused report's broken rules: field → "message (rule)"."""
    return {
        p["field"]: f"{p['message']} ({p['rule']})" for p in response.json()["error"]["problems"]
    }


def _draft_through_the_api(world: DraftWorld, coaches: dict[int, Api], admin: Api) -> None:
    """E-S2: the commissioner starts the draft; each coach on the clock signs the first card
    left until every team has its three."""
    assert admin.post(draft_url(world.season, "start/"), {}).status_code == 201
    while True:
        state = admin.get(draft_url(world.season)).json()
        if state["done"]:
            return
        turn = state["turn"]
        card = state["cards_left"][0]["key"]
        body = {"card": card, "pick": turn["pick"]}
        assert (
            coaches[turn["team_id"]].post(draft_url(world.season, "picks/"), body).status_code
            == 201
        )


@pytest.fixture
def played() -> Played:
    """Four coaches, suspensions on (E-D3); the draft picked through the API, the season
    started and its first two rounds open."""
    world = draft_world(teams=4, sent_off_suspension=True)
    coaches = {team.pk: api_as(team.coach) for team in world.teams}
    admin = api_as(world.commissioner)
    _draft_through_the_api(world, coaches, admin)
    season = world.season
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    for round_ in Round.objects.filter(season=season).order_by("number")[:2]:
        round_open(round_=round_, actor=world.commissioner)
    return Played(world, coaches, admin)


# --- 1. the web report form accepts its own defaults --------------------------------------------


def test_the_web_report_form_accepts_the_gk_picks_left_as_picked(played):
    """Both GK selects left at "As picked" (blank) are the match day's picks (E-S3)."""
    fixture = played.fixture()
    played.ready(fixture)
    cards = played.both_lineups(fixture)
    client = Client()
    client.force_login(fixture.home_team.coach)
    post = {"home_score": "1", "away_score": "0", "away_set": "", "gk_home": "", "gk_away": ""}
    post |= {"events-rows": "1", "kicks-rows": "0", "events-0-type": "goal"}
    post |= {"events-0-side": "home", "events-0-half": "1", "events-0-card": cards["home"][1]}
    post |= {"events-0-kind": "open_play"}
    answer = client.post(reverse("mn11-fixture-report", args=[fixture.pk]), post)
    assert answer.status_code == 302, answer.content.decode()[-3000:]
    report = Report.objects.get(result__fixture=fixture)
    assert (report.away_set, report.gk_home, report.gk_away) == (
        "base",
        "defence_cover",
        "build_up",
    )


# --- 2, 3. only cards on that side's pitch score or go off --------------------------------------


def test_a_goal_by_a_card_not_in_the_line_up_or_of_another_team_is_refused(played):
    """E-R1: Away's away-base-9 sat out (its line-up has cards 1 to 8 and a second Star);
    Home's "scorer" is another team's Star Player."""
    fixture, other = played.fixture(), played.fixture(index=1)
    played.ready(fixture)
    home = played.eleven(fixture, "home")
    stars = played.stars(fixture.away_team_id)
    away = ["gk-build-up", *(f"away-base-{n}" for n in range(1, 9)), *stars[:2]]
    assert played.lineup(fixture, "away", away).status_code == 200
    assert played.lineup(fixture, "home", home).status_code == 200
    rival_star = played.stars(other.home_team_id)[0]
    body = {"home_score": 1, "away_score": 1,
            "events": [goal("home", 1, rival_star), goal("away", 2, "away-base-9")]}  # fmt: skip
    response = played.report(fixture, body)
    assert response.status_code == 400
    home_team, away_team = fixture.home_team.name, fixture.away_team.name
    assert problems(response) == {
        "events.0.card": f"{rival_star} is not in {home_team}' line-up: only a card on the "
        "pitch scores. (E-R1)",
        "events.1.card": f"away-base-9 is not in {away_team}' line-up: only a card on the "
        "pitch scores. (E-R1)",
    }
    assert not Result.objects.filter(fixture=fixture).exists()
    body["events"] = [goal("home", 1, home[-1]), goal("away", 2, "away-base-8")]
    assert played.report(fixture, body).status_code == 201


def test_a_team_sends_off_only_its_own_cards_on_the_pitch(played):
    """E-D3, E-R1: after two Warnings to Away, Away's card is sent off, not Home's Star."""
    fixture = played.fixture()
    played.ready(fixture)
    cards = played.both_lineups(fixture)
    home_star, away_card = cards["home"][-1], cards["away"][3]
    events = [strong("home", 1), strong("home", 2),
              {"type": "send_off", "side": "away", "half": 2, "card": home_star}]  # fmt: skip
    response = played.report(fixture, {"home_score": 0, "away_score": 0, "events": events})
    assert response.status_code == 400
    assert problems(response)["events.2.card"] == (
        f"{home_star} is not in {fixture.away_team.name}' line-up: only a card on the pitch is "
        "sent off. (E-R1)"
    )
    events[2]["card"] = away_card
    assert (
        played.report(fixture, {"home_score": 0, "away_score": 0, "events": events}).status_code
        == 201
    )
    discipline = played.commissioner.get(
        f"/api/v1/mn11/seasons/{played.world.season.pk}/discipline/"
    ).json()
    sent = {row["team"]["id"]: row["sent_off"] for row in discipline}
    assert sent[fixture.away_team_id] == [{"card": away_card, "count": 1}]
    assert sent[fixture.home_team_id] == []


def test_a_suspended_card_neither_starts_nor_scores(played):
    """E-D3 (setting on): a card sent off in round 1 is suspended in round 2: its line-up is
    refused, and a report without line-ups cannot credit it a goal either."""
    first = played.fixture(1)
    played.ready(first)
    cards = played.both_lineups(first)
    off = cards["away"][-1]  # Away's Star Player
    events = [strong("home", 1), strong("home", 2),
              {"type": "send_off", "side": "away", "half": 2, "card": off}]  # fmt: skip
    assert (
        played.report(first, {"home_score": 0, "away_score": 0, "events": events}).status_code
        == 201
    )
    team = first.away_team
    second = next(
        f
        for f in Fixture.objects.filter(round__season=played.world.season, round__number=2)
        if team.pk in (f.home_team_id, f.away_team_id)
    )
    side = "home" if second.home_team_id == team.pk else "away"
    played.ready(second)
    refused = played.lineup(second, side, played.eleven(second, side))
    assert refused.status_code == 400
    assert (
        f"Suspended for this match (sent off in the last): {off}."
        in refused.json()["error"]["message"]
    )
    scores = {"home_score": 1 if side == "home" else 0, "away_score": 1 if side == "away" else 0}
    response = played.report(second, {**scores, "events": [goal(side, 1, off)]})
    assert response.status_code == 400
    assert problems(response)["events.0.card"] == (
        f"{off} is suspended for this match (sent off in {team.name}' last) and does not "
        "play. (E-D3)"
    )


# --- 4, 5. sealed means sealed --------------------------------------------------------------------


def test_a_line_up_is_final_once_both_are_in_and_only_a_commissioner_changes_it(played):
    """E-S3: Away in, then Home; Home's coach, having seen Away's, may not resubmit; the
    commissioner may, audited and shown on the fixture page."""
    fixture = played.fixture()
    played.ready(fixture)
    cards = played.both_lineups(fixture)
    changed = [*cards["home"][:-1], played.stars(fixture.home_team_id)[1]]
    again = played.lineup(fixture, "home", changed)
    assert again.status_code == 409
    assert again.json()["error"] == {
        "code": "lineup_final",
        "message": "Both line-ups are in and revealed, so they are final: only a commissioner "
        "may change one now.",
        "fields": {},
    }
    assert Lineup.objects.get(fixture=fixture, side="home").cards == cards["home"]
    done = played.lineup(fixture, "home", changed, api=played.commissioner)
    assert done.status_code == 200
    side = done.json()["match_day"]["sides"][0]
    assert side["lineup"] == changed
    assert [(c["before"], c["after"]) for c in side["changes"]] == [(cards["home"], changed)]
    entry = AuditEntry.objects.get(action="mn11.lineup_amended")
    assert entry.before["cards"] == cards["home"]
    assert entry.after["cards"] == changed
    page = Client().get(reverse("fixture", args=[fixture.pk])).content.decode()
    assert f"Changed after both were in by {played.world.commissioner.username}" in page


def test_the_away_set_is_final_once_a_line_up_is_in(played):
    """E-S1: with Away's expansion line-up in, Away's coach may not switch to the base set;
    the commissioner may, and the Away line-up of the other set is withdrawn."""
    fixture = played.fixture(index=1)
    played.ready(fixture, away_set="expansion")
    cards = played.eleven(fixture, "away")
    assert any(card.startswith("away-expansion-") for card in cards)
    assert played.lineup(fixture, "away", cards).status_code == 200
    switched = played.away(fixture).put(url(fixture, "away-set/"), {"away_set": "base"})
    assert switched.status_code == 409
    assert switched.json()["error"]["code"] == "away_set_final"
    assert MatchDay.objects.get(fixture=fixture).away_set == "expansion"
    by_commissioner = played.commissioner.put(url(fixture, "away-set/"), {"away_set": "base"})
    assert by_commissioner.status_code == 200
    assert not Lineup.objects.filter(fixture=fixture, side="away").exists()
    assert AuditEntry.objects.filter(action="mn11.lineup_withdrawn").count() == 1


# --- 6. real cards, each once, one key each ------------------------------------------------------


def test_a_line_up_takes_only_real_cards_each_once_by_their_one_key(played):
    """E-S3: home-0, home-10, home-999 and away-expansion-11 are no cards; home-01 and
    home-001 are no second names of home-1."""
    fixture = played.fixture()
    played.ready(fixture, away_set="expansion")
    home = played.eleven(fixture, "home")
    for bad, named in (
        ([*home[:8], "home-0", "home-10", "home-999"], "home-0, home-10, home-999"),
        ([*home[:8], "home-1", "home-01", "home-001"], "home-01, home-001"),
    ):
        response = played.lineup(fixture, "home", bad)
        assert response.status_code == 400
        assert (
            f"Not cards the team may field: {named} (its cards: home-1 … home-9"
            in (response.json()["error"]["fields"]["cards"][0])
        )
    away = played.eleven(fixture, "away")
    response = played.lineup(fixture, "away", [*away[:10], "away-expansion-11"])
    assert "Not cards the team may field: away-expansion-11" in response.json()["error"]["message"]
    assert not Lineup.objects.filter(fixture=fixture).exists()


# --- 7. numbers are what was typed ----------------------------------------------------------


def test_a_score_with_a_space_is_refused_not_read(played):
    fixture = played.fixture()
    played.ready(fixture)
    response = played.report(fixture, {"home_score": " 1", "away_score": "0"})
    assert response.status_code == 400
    assert response.json()["error"]["fields"] == {
        "home_score": ["Give a whole number from 0 to 99 (not “ 1”)."]
    }
    assert not Result.objects.filter(fixture=fixture).exists()


# --- 8. cards by name and key ---------------------------------------------------------------------


def test_cards_are_shown_by_name_and_key_on_match_day_the_team_page_and_the_draft(played):
    """The squad of each side (name, key, position, star or set) in the API and on the
    fixture and team pages, and the draft board's cards with their keys."""
    fixture = played.fixture()
    played.ready(fixture)
    squad = played.squad(fixture, "home")
    assert squad[0] == {"key": "gk-defence-cover", "name": "Defence Cover", "kind": "gk",
                        "position": "GK", "detail": "GK card"}  # fmt: skip
    assert squad[1] == {"key": "home-1", "name": "Home Player Card 1", "kind": "set",
                        "position": "Outfield", "detail": "Home set"}  # fmt: skip
    star = squad[-1]
    assert star["kind"] == "star"
    assert star["detail"].startswith("Star Player (")
    client = Client()
    client.force_login(fixture.home_team.coach)
    page = client.get(reverse("fixture", args=[fixture.pk])).content.decode()
    assert f"<code>{star['key']}</code>" in page
    assert star["name"] in page
    assert ">None<" not in page
    assert "None</textarea>" not in page
    team_page = Client().get(reverse("team", args=[fixture.home_team_id])).content.decode()
    assert 'id="squad-title"' in team_page
    assert f"<code>{star['key']}</code>" in team_page
    board = Client().get(f"/mn11/seasons/{played.world.season.pk}/draft/").content.decode()
    assert f'{star["name"]} <span class="muted">{star["key"]}</span>' in board


# --- 9. smaller: true English, the board's note, side and team, the poll -------------------------


def test_a_pick_for_a_pick_not_on_the_clock_names_the_pick_on_the_clock():
    world = draft_world(teams=2)
    admin = api_as(world.commissioner)
    admin.post(draft_url(world.season, "start/"), {})
    state = admin.get(draft_url(world.season)).json()
    team = state["turn"]["team"]
    early = admin.post(draft_url(world.season, "picks/"), {"card": "base-01", "pick": 2})
    assert early.status_code == 409
    assert early.json()["error"]["message"] == (
        f"Pick 2 is not on the clock yet: pick 1 ({team}') is on the clock."
    )
    other = next(t for t in world.teams if t.name != team)
    refused = api_as(other.coach).post(draft_url(world.season, "picks/"), {"card": "base-01"})
    assert refused.json()["error"]["message"] == (
        f"It is {team}' turn to pick: only its coach or a commissioner may pick now."
    )
    assert state["deadline_note"] == "a missed deadline leaves the pick to the commissioner."


def test_the_gk_and_line_up_endpoints_take_side_and_still_take_team(played):
    fixture = played.fixture()
    home, away = played.home(fixture), played.away(fixture)
    away.put(url(fixture, "away-set/"), {"away_set": "base"})
    by_team = {"team": fixture.home_team_id, "card": "counterattack"}
    assert home.put(url(fixture, "gk/"), by_team).status_code == 200
    mismatch = {"side": "away", "team": fixture.home_team_id, "card": "build_up"}
    refused = away.put(url(fixture, "gk/"), mismatch)
    assert refused.status_code == 400
    assert refused.json()["error"]["fields"] == {
        "team": [f"Team {fixture.home_team_id} plays Home in {fixture}, not Away."]
    }
    assert away.put(url(fixture, "gk/"), {"side": "away", "card": "build_up"}).status_code == 200
    cards = played.eleven(fixture, "away")
    old = away.put(url(fixture, "lineup/"), {"team": fixture.away_team_id, "cards": cards})
    assert old.status_code == 200
    neither = home.put(url(fixture, "lineup/"), {"cards": played.eleven(fixture, "home")})
    assert neither.json()["error"]["fields"] == {
        "side": ["Give the side: home or away (or the team's id as team)."]
    }


def test_the_var_line_names_the_side_warned_and_the_match_day_follows_the_rival(played):
    """The fixture page's VAR line says whose defenders were warned; the match day section
    the page polls changes when the rival chooses (no reload)."""
    fixture = played.fixture()
    poll = reverse("mn11-fixture-match-day", args=[fixture.pk])
    client = Client()
    client.force_login(fixture.home_team.coach)
    before = client.get(poll)
    assert before.status_code == 200
    assert 'id="match-day"' in before.content.decode()
    played.ready(fixture)
    after = client.get(poll).content.decode()
    assert "Away team (Base game)" in after
    assert "Build Up (gk-build-up)" in after
    cards = played.both_lineups(fixture)
    events = [
        strong("home", 1, warned=cards["away"][2]),
        goal("home", 1, cards["home"][4], "penalty"),
    ]
    assert (
        played.report(fixture, {"home_score": 1, "away_score": 0, "events": events}).status_code
        == 201
    )
    page = client.get(reverse("fixture", args=[fixture.pk])).content.decode()
    assert f"Warning to {fixture.away_team.name} (Away): " in page


def test_gk_skills_once_a_half_and_corner_powers_are_recorded(played):
    """E-S3: each GK card's skill is used once a half at most; E-D4: a corner's powers."""
    fixture = played.fixture()
    played.ready(fixture)
    cards = played.both_lineups(fixture)
    corner = {"type": "corner", "side": "home", "half": 2, "attempts": [False, True],
              "attack_power": 9, "defence_power": 9}  # fmt: skip
    skills = [{"type": "gk_skill", "side": "away", "half": 1} for _ in range(2)]
    events = [*skills, corner, goal("home", 2, cards["home"][2], "corner")]
    refused = played.report(fixture, {"home_score": 1, "away_score": 0, "events": events})
    assert problems(refused) == {
        "events.1": f"{fixture.away_team.name}' GK skill is used once a half: it was used in "
        "this half already. (E-S3)"
    }
    events[1]["half"] = 2
    created = played.report(fixture, {"home_score": 1, "away_score": 0, "events": events})
    assert created.status_code == 201
    stored = created.json()["report"]["events"]
    assert stored[0] == {"type": "gk_skill", "side": "away", "half": 1}
    assert (stored[2]["attack_power"], stored[2]["defence_power"]) == (9, 9)
