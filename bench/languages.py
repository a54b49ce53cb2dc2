"""The cost of speaking the player's language: the same tables played by clicks in English
(the source: no catalog is read) and in the other languages, in the same run.

Each language plays 60 tables of two games with every table's click in flight at once,
from the same seed (the same deals, the same clicks), each run in a process of its own
(bench/clicks.py), the languages taking turns for three rounds: the median of each is
shown. Every message is rendered through the catalogs in every language; English pays
the lookups too, against an empty catalog. Target: no language below 90% of English's
accepted actions/s, nor its click p99 over 1.25x English's.
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
TABLES, ROUNDS, REPEATS = 60, 10, 3
RATE_AT_LEAST, P99_AT_MOST = 0.90, 1.25


def p99(latencies: list[float]) -> float:
    return statistics.quantiles(latencies, n=100)[98] * 1000


def run() -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory(dir=Path("data")) as tmp:
        for game in GAMES:
            runs: dict[str, list[dict]] = {language: [] for language in LANGUAGES}
            for _ in range(REPEATS):  # in turns, so that a slow spell falls on every one
                for language in LANGUAGES:
                    runs[language].append(
                        game_played(Path(tmp), game, TABLES, ROUNDS, language=language))
            rate = {lang: statistics.median(rate_of(r) for r in found)
                    for lang, found in runs.items()}
            late = {lang: statistics.median(p99(r["latencies"]) for r in found)
                    for lang, found in runs.items()}
            base_rate, base_p99 = rate["en-US"], late["en-US"]
            for language in LANGUAGES[1:]:
                met = (rate[language] >= RATE_AT_LEAST * base_rate
                       and late[language] <= P99_AT_MOST * base_p99)
                rows.append(Row(
                    f"{game}, {TABLES} tables in {language}: accepted actions/s (median of "
                    f"{REPEATS})", rate[language], "actions/s",
                    baseline=f"English {base_rate:,.0f}/s ({rate[language] / base_rate:.0%}); "
                             f"click p99 {late[language]:.0f} ms against {base_p99:.0f} ms",
                    target=f">= {RATE_AT_LEAST:.0%} of English, p99 <= {P99_AT_MOST}x",
                    met=met,
                ))
    return rows


if __name__ == "__main__":
    from bench.table import machine, render

    print(f"Machine: {machine()}")
    print(render(run()))
