"""Magic Number Eleven: card football (docs/rules-mn11.md).

The league side of a card game played at the table: each season's settings, the league's Star
Player catalogue and its draft, match day (the Away card set, GK picks, line-ups), match reports
with VAR decisions, cards and shootouts, discipline and standings. No simulator. The rules are
pure Python in rules/mn11/; `ruleset.py` plugs the game into the core.
"""
