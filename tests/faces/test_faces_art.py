"""The card faces drawn for emojis: one for every card of every game's pack, each within
Discord's size, each name parsing back to its card, the same bytes on every build."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from PIL import Image

from cogs.table.emojis import art, names
from engine import cards as C
from engine import games

# Every option value a game's pack can depend on (Fifty-One's joker: FIFTYONE-1.1).
OPTION_VALUES = ({}, {"joker": True}, {"joker": False})


def test_every_card_of_every_pack_has_a_face_whose_name_parses_back_to_it():
    faces = art.all_faces()
    packs = {card for game_id in games.GAMES for options in OPTION_VALUES
             for card in games.GAMES[game_id].pack(options)}
    assert C.JOKER in packs  # Page One's pack has one; a joker-less registry would be news
    for card in packs:
        mark = names.mark_of(card)
        assert mark in faces, f"{C.label(card)} has no face"
        name = names.name_for(mark, faces[mark])
        assert names.parse(str(name)) == name
        assert name.card == card


def test_the_back_and_the_suits_have_faces_that_are_no_card():
    faces = art.all_faces()
    for mark in (names.BACK, *names.SUIT_MARKS):
        parsed = names.parse(str(names.name_for(mark, faces[mark])))
        assert parsed is not None and parsed.card is None


def test_each_face_is_a_128_pixel_png_within_discords_256_kib():
    for mark, png in art.all_faces().items():
        assert len(png) <= art.LIMIT_BYTES, mark
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.size == (128, 128), mark


def test_names_are_discords_kind_and_no_other_emoji_name_is_taken_for_a_face():
    for mark, png in art.all_faces().items():
        name = str(names.name_for(mark, png))
        assert 2 <= len(name) <= 32 and name.replace("_", "").isalnum(), name
    for other in ("party", "AS", "AS_xyz1", "ZZ_1234", "back_12345", "suitX_1234", "as_1234"):
        assert names.parse(other) is None, other


def test_red_suits_are_drawn_red_and_black_suits_black():
    def reddest(mark: str) -> tuple[int, int, int]:
        image = Image.open(io.BytesIO(art.png(mark))).convert("RGB")
        return max(image.getdata(), key=lambda p: p[0] - p[2])
    red = reddest("AH")
    assert red[0] > 150 and red[1] < 90
    black = reddest("AS")
    assert black[0] - black[2] < 40


def test_markup_in_a_text_is_read_back_to_its_cards():
    faces = art.all_faces()
    ace = str(names.name_for("AS", faces["AS"]))
    ten = str(names.name_for("TH", faces["TH"]))
    text = f"Spreads: <:{ace}:123><:{ten}:456> and <:party:789> and <a:{ace}:1>"
    assert names.cards_in_markup(text) == {C.parse("AS"), C.parse("TH")}


def test_the_build_command_writes_the_same_files_twice(tmp_path: Path):
    def build(folder: Path) -> dict[str, bytes]:
        done = subprocess.run([sys.executable, "-m", "cogs.table.emojis", "build", str(folder)],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        assert "58 faces" in done.stdout
        return {p.name: p.read_bytes() for p in folder.iterdir()}

    first, second = build(tmp_path / "a"), build(tmp_path / "b")
    assert first == second and len(first) == len(names.MARKS)
    assert all(names.parse(Path(n).stem) is not None for n in first)


def test_the_build_command_refuses_a_bad_use_briefly(tmp_path: Path):
    done = subprocess.run([sys.executable, "-m", "cogs.table.emojis", "draw"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "usage" in done.stderr and "Traceback" not in done.stderr
    blocked = tmp_path / "file"
    blocked.write_text("")
    done = subprocess.run([sys.executable, "-m", "cogs.table.emojis", "build", str(blocked)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
