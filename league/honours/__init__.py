"""A league's honours, for every game: the form guide and streaks of its tables, the season
awards named at close (by the game's ruleset, ``Honours.season_awards``), the coaches' MVP
vote, the league's records and its hall of fame (docs/seasons.md, "Honours")."""
