"""The one error type the engine raises, with the codes of the hand-record page."""

from __future__ import annotations

# The codes a refused action or record can carry (docs/rules/replay.md, "Errors"; games.md
# G3.6), and those a game's page adds.
CODES = frozenset(
    {
        "bad_record",
        "not_your_turn",
        "wrong_phase",
        "empty_discard",
        "card_not_in_hand",
        "invalid_spread",
        "invalid_hit",
        "no_such_spread",
        "incomplete",
        "illegal_play",  # G3.6: a play the rules forbid, the rule named in the message
        "hit_locked",  # TONK-4.2
        "bet_limit",  # FARO-4.7
        "short_stack",  # FARO-4.7
        "dead_rank",  # FARO-4.6
        "no_such_bet",  # FARO-4.8
        "bad_reshuffle",  # G3.2: a new stock's recorded order (PAGEONE-4.6, JCI-4.8)
        "bad_call",  # PAGEONE-4.7
        "not_on_board",  # FIFTYONE-4.2
        "bad_exchange",  # PIQUET-7.4
        "bad_declaration",  # PIQUET-7.4
    }
)


class EngineError(Exception):
    """An action or record the rules refuse; `message` is written for a player.

    `template` is that sentence with named placeholders and `values` what fills them:
    `message` is the English (records, replays, logs), and a player reading another
    language gets the template translated and then filled (bot/i18n). Values are kept as
    given (numbers stay numbers), so each language writes them its own way.
    """

    def __init__(
        self, code: str, template: str, action: int | None = None, /, **values: object
    ) -> None:
        if code not in CODES:
            raise ValueError(f"unknown engine error code {code!r}")
        message = template.format(**values) if values else template
        super().__init__(message)
        self.code = code
        self.message = message
        self.template = template
        self.values = values
        self.action = action

    def at(self, action: int | None) -> EngineError:
        """The same error, pinned to the index of the action that caused it."""
        return EngineError(self.code, self.template, action, **self.values)

    def to_json(self) -> dict:
        return {"error": {"action": self.action, "code": self.code, "message": self.message}}
