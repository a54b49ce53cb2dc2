import pytest

from engine import cards as C


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10h", "TH"),
        ("TH", "TH"),
        ("K♦", "KD"),
        ("q♣", "QC"),
        (" 2c ", "2C"),
    ],
)
def test_gff_1_1_card_codes_are_parsed(text, expected):
    assert C.code(C.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "A", "1S", "11H", "AX", "KK", "10", "♠A", None, 5])
def test_gff_1_1_anything_else_is_not_a_card(text):
    with pytest.raises(C.CardError):
        C.parse(text)


def test_cards_are_shown_to_people_with_suit_symbols():
    assert C.label(C.parse("TH")) == "10♥"
    assert C.label(C.parse("AS")) == "A♠"
    assert C.labels([C.parse("JD"), C.parse("2C")]) == "J♦ 2♣"


def test_gff_1_2_ace_is_low_in_rank_order():
    ranks = [C.rank(C.parse(f"{r}S")) for r in "A23456789TJQK"]
    assert ranks == sorted(ranks) and ranks[0] == 0


def test_gff_1_3_values():
    assert [C.value(C.parse(f"{r}H")) for r in "A23456789TJQK"] == [
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
    ]
    assert C.hand_value(C.parse(c) for c in ["KS", "QS", "JS", "TS", "9S"]) == 49


def test_every_card_round_trips_through_its_code():
    assert [C.parse(C.code(c)) for c in C.DECK] == list(C.DECK)
    assert len({C.code(c) for c in C.DECK}) == 52
