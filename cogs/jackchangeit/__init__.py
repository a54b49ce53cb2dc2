"""Jack Change It: the `/jackchangeit` commands, its table message and hand views
(docs/rules/jackchangeit.md)."""

from cogs.jackchangeit.ui import JackChangeItUI
from cogs.table.cog import game_extension

setup, teardown = game_extension(lambda bot: JackChangeItUI())
