"""Logging for the process: one stderr handler on the root logger, set up once."""

from __future__ import annotations

import logging
import sys

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

_configured = False


def _not_about_voice(record: logging.LogRecord) -> bool:
    # discord.py warns at start-up that PyNaCl and davey are missing; this bot has no voice.
    return not record.getMessage().endswith("voice will NOT be supported")


def setup_logging(level: str = "INFO") -> None:
    global _configured
    if _configured:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    # discord.py's gateway chatter at DEBUG drowns everything else.
    if level == "DEBUG":
        logging.getLogger("discord.gateway").setLevel(logging.INFO)
    logging.getLogger("discord.client").addFilter(_not_about_voice)
    _configured = True
