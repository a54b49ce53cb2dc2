from engine.gff.posting import next_dealer


def test_gff_2_8_the_first_dealer_is_drawn_at_random():
    assert next_dealer([0, 1, 2], None) is None


def test_gff_2_8_the_deal_passes_to_the_next_dealt_in_seat_on_the_left():
    assert next_dealer([0, 1, 2], 0) == 1
    assert next_dealer([0, 1, 2], 2) == 0  # round the table
    assert next_dealer([0, 2, 3], 0) == 2  # seat 1 cannot be dealt in: skipped
    assert next_dealer([0, 2], 1) == 2  # the last dealer left: the seat after theirs
