import pytest

from engine.chips import ChipBook, ConservationError, split


def test_gff_7_1_odd_chips_go_one_each_from_the_dealers_left():
    assert split(10, ["c", "d", "a"]) == [("c", 4), ("d", 3), ("a", 3)]
    assert split(11, ["c", "d", "a"]) == [("c", 4), ("d", 4), ("a", 3)]
    assert split(6, ["c", "d"]) == [("c", 3), ("d", 3)]


def test_a_pot_with_no_winner_cannot_be_split():
    with pytest.raises(ValueError):
        split(5, [])


def test_gff_7_3_a_book_refuses_to_overdraw_an_account():
    book = ChipBook({"seat:a": 5, "pot:game": 0})
    book.move("seat:a", "pot:game", 5, "post")
    with pytest.raises(ConservationError):
        book.move("seat:a", "pot:game", 1, "post")
    book.check()
    assert book.balances == {"seat:a": 0, "pot:game": 5}
