"""The schema as numbered SQL files, `NNNN_what.sql`, applied in order by bot.store.migrate."""
