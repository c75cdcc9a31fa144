"""The base app: leagues, seasons, teams, fixtures (the league core)."""
