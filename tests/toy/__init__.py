"""High card, a toy game that tests register and the hall does not: its engine game
(game.py), its UI (ui.py) and its cog (cog.py), as a game's engine/<game>/ and
cogs/<game>/ packages are."""
