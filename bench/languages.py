"""The cost of speaking the player's language: the same tables played by clicks in English
(the source: no catalog is read) and in the other languages, in the same run.

Each language plays 100 tables of two games with every table's click in flight at once,
from the same seed (the same deals, the same clicks), each run in a process of its own
(bench/clicks.py). Every message is rendered through the catalogs in every language;
English pays the lookups too, against an empty catalog. Target: no language below 90%
of English's accepted actions/s, nor its click p99 over 1.25x English's.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from bench.clicks import game_played
from bench.floor import rate_of
from bench.table import Row

GAMES = ("gff", "pageone")
LANGUAGES = ("en-US", "fr", "de", "pt-BR", "es-ES", "es-419")
TABLES, ROUNDS = 100, 12
RATE_AT_LEAST, P99_AT_MOST = 0.90, 1.25


def p99(latencies: list[float]) -> float:
    return statistics.quantiles(latencies, n=100)[98] * 1000


def run() -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory(dir=Path("data")) as tmp:
        for game in GAMES:
            played = {language: game_played(Path(tmp), game, TABLES, ROUNDS, language=language)
                      for language in LANGUAGES}
            english = played["en-US"]
            base_rate, base_p99 = rate_of(english), p99(english["latencies"])
            for language in LANGUAGES[1:]:
                found = played[language]
                rate, late = rate_of(found), p99(found["latencies"])
                met = rate >= RATE_AT_LEAST * base_rate and late <= P99_AT_MOST * base_p99
                rows.append(Row(
                    f"{game}, {TABLES} tables in {language}: accepted actions/s",
                    rate, "actions/s",
                    baseline=f"English {base_rate:,.0f}/s ({rate / base_rate:.0%}); click p99 "
                             f"{late:.0f} ms against {base_p99:.0f} ms",
                    target=f">= {RATE_AT_LEAST:.0%} of English, p99 <= {P99_AT_MOST}x",
                    met=met,
                ))
    return rows


if __name__ == "__main__":
    from bench.table import machine, render

    print(f"Machine: {machine()}")
    print(render(run()))
