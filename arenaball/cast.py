"""The keys the rules name a game's teams and characters by (rules.arenaball works on plain
strings): team names, and character names made unique across the two teams of a game with the
team's short name, so every message reads in people's words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from arenaball.models import Character
from league.models import Team


class Cast:
    """The teams and characters of one game, each with its key for the rules."""

    def __init__(self, teams: Iterable[Team], characters: Iterable[Character]) -> None:
        self.teams = {team.pk: team for team in teams}
        self.characters = {character.pk: character for character in characters}
        twice = Counter(character.name for character in self.characters.values())
        self._character_keys = {
            pk: (
                f"{c.name} ({self.teams[c.team_id].short_name})"
                if twice[c.name] > 1 and c.team_id in self.teams
                else c.name
            )
            for pk, c in self.characters.items()
        }
        self._character_ids = {key: pk for pk, key in self._character_keys.items()}
        self._team_ids = {team.name: pk for pk, team in self.teams.items()}

    def team_key(self, team_id: int | None) -> str | None:
        if team_id is None:
            return None
        team = self.teams.get(team_id)
        return team.name if team else f"team {team_id}"

    def character_key(self, character_id: int | None) -> str | None:
        if character_id is None:
            return None
        return self._character_keys.get(character_id, f"character {character_id}")

    def team_id(self, key: str | None) -> int | None:
        return self._team_ids.get(key) if key else None

    def character_id(self, key: str | None) -> int | None:
        return self._character_ids.get(key) if key else None

    def team_pk(self, key: str) -> int:
        """The id of a team the rules have accepted (KeyError for any other)."""
        return self._team_ids[key]

    def character_pk(self, key: str) -> int:
        """The id of a character the rules have accepted (KeyError for any other)."""
        return self._character_ids[key]
