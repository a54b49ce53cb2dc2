"""`N_`: marks an English phrase the engine hands to the bot for players to read (a
figure's name, a verdict), so the bot's message catalogs carry it (bot/i18n). The engine
itself knows no language and imports nothing of the bot."""

from __future__ import annotations


def N_(phrase: str) -> str:
    return phrase


class Said(str):
    """A sentence of the engine's public log that keeps its template and values: as a
    `str` it is the English (records, samplers and tests compare it so); the bot says it
    in the reader's language from the template (bot/i18n `spoken`)."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, /, **values: object) -> Said:
        self = super().__new__(cls, template.format(**values) if values else template)
        self.template, self.values = template, values
        return self

    def __reduce__(self) -> tuple[object, ...]:
        return _said, (self.template, self.values)


def _said(template: str, values: dict[str, object]) -> Said:
    return Said(template, **values)
