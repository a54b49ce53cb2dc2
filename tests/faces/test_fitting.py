"""Faces within an embed field's limits: all or none for lines that read alike, the
newest first for a growing list (cogs/table/emojis/fitting.py)."""

from __future__ import annotations

from cogs.table.emojis.fitting import faces_if_all_fit, faces_while_they_fit


def test_a_field_shows_faces_only_as_far_as_it_holds_them():
    # A seat's line grows all game (its prizes won): every line as faces, or none.
    faced, worded = ["f" * 400] * 3, ["w" * 100] * 3
    assert faces_if_all_fit(faced[:2], worded[:2]) == "\n".join(faced[:2])
    assert faces_if_all_fit(faced, worded) == "\n".join(worded)
    # A reveal too long as faces even alone stays in words; the older lines after it.
    assert faces_while_they_fit(["f" * 1100], ["w" * 100]) == "w" * 100
    lines = faces_while_they_fit(faced, worded).splitlines()
    assert lines == ["w" * 100, "f" * 400, "f" * 400]  # the newest two fit as faces
    faced = ["f" * 500] * 3
    lines = faces_while_they_fit(faced, worded).splitlines()
    assert lines == ["w" * 100, "w" * 100, "f" * 500]
