"""How a sealed round's choice reads, in its game's words (G3.4). Gops and the flush
auction bid; a game whose players turn a card face down together would say "play"."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import N_


@dataclass(frozen=True)
class ChoiceWords:
    """Message ids, translated where shown. A game gives its replies as whole sentences
    (as BIDS does), so that each language words them its own way; the defaults, built
    from `noun` and `did`, are English only, for a game that gives no sentences of its own."""

    noun: str  # one choice: "choose one bid", "every bid is in", "your next bid is due"
    did: str  # a choice made, after "You": "You bid 7♦."
    made_mark: str  # on the table, by a seat whose choice is in
    due_mark: str  # by a seat the round still waits for
    # The reply to a choice: `{choice}` is the choice as the player reads it.
    choose_one: str = "choose one {noun} from the menu."
    chosen: str = "You {did} {choice}."
    hidden: str = "It is final, and hidden until every {noun} is in."
    all_in: str = "Every {noun} is in: see them on the table."
    next_due: str = "Your next {noun} is due."


BIDS = ChoiceWords(
    noun="bid", did="bid",  # only in the English defaults, which BIDS's sentences replace
    # Translators: a mark by a player on the table: their sealed bid is in. A sealed bid:
    # every player chooses at once, in secret; the bids are shown together once all are in.
    made_mark=N_("✅ has bid"),
    # Translators: a mark by a player on the table: the round waits for their sealed bid
    due_mark=N_("⏳ to bid"),
    choose_one=N_("choose one bid from the menu."),
    # Translators: {choice} is the bid: a card ("7♦") or an amount ("3 game chips")
    chosen=N_("You bid {choice}."),
    hidden=N_("It is final, and hidden until every bid is in."),
    all_in=N_("Every bid is in: see them on the table."),
    next_due=N_("Your next bid is due."),
)
