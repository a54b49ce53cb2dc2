"""What the hall lists of Jack Change It (docs/rules/jackchangeit.md)."""

from engine import cards as C
from engine.game import GameInfo
from engine.shedding.settlement import ENDINGS, POT

ACE_OF_HEARTS = C.parse("AH")  # JCI-4.5: draw five
FIVE_OF_HEARTS = C.parse("5H")  # JCI-4.7: cancels the A♥
TWO, EIGHT, JACK, QUEEN = 1, 7, 10, 11  # rank indexes (engine/cards.py)

JACKCHANGEIT_INFO = GameInfo(
    id="jackchangeit",
    name="Jack Change It",
    summary="Match suit or rank; 2s and the ace of hearts make the next player draw, "
    "jacks change the suit",
    min_seats=2,
    max_seats=6,  # JCI-1.1
    pack=C.DECK,
    stakes_to_deal_in=1,  # JCI-2.1: the ante, nothing else
    stakes_to_buy_in=1,
    endings=ENDINGS,
    pots=(POT,),
    options=(),  # JCI-7
    reshuffles=True,  # JCI-4.8
)


def is_trick_card(card: int, players: int) -> bool:
    """JCI-1.2: every 2, 8 and jack, the A♥, and the queens with three or more players."""
    rank = C.rank(card)
    return (
        rank in (TWO, EIGHT, JACK)
        or card == ACE_OF_HEARTS
        or (rank == QUEEN and players >= 3)
    )
