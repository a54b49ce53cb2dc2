"""The pictures of what a player sees: a real table message and hand view (a GFF deal
played through the harness) drawn as Discord shows them, each face where its markup is,
and docs/look.md showing a picture of each game family that docs/look/ holds."""

from __future__ import annotations

import io
import re
from pathlib import Path

from PIL import Image

from cogs.table.emojis.names import MARKUP, parse
from tests import screens
from tests.harness.screens import EMBED, Screen, face_image, png

ROOT = Path(__file__).resolve().parents[2]
LOOK = ROOT / "docs" / "look.md"
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def marks_in(text: str) -> list[str]:
    return [parse(found["name"]).mark for found in MARKUP.finditer(text)]


def drawn_there(image: Image.Image, mark: str, box: tuple[int, int, int, int]) -> bool:
    """The canvas holds exactly the face of `mark` in `box`, pasted over an embed."""
    side = box[2] - box[0]
    face = face_image(mark, side)
    expected = Image.new("RGB", (side, side), EMBED)
    expected.paste(face, (0, 0), face)
    return image.crop(box).tobytes() == expected.tobytes()


async def test_a_table_message_and_a_hand_view_are_drawn_with_their_faces(harness):
    shot = await screens.gff(harness)
    names = {user.id: user.name for user in harness.users.values()}
    now = harness.scheduler.now()

    table_screen = Screen(names, now)
    table = table_screen.draw(shot.table)
    decoded = Image.open(io.BytesIO(png(table, screens.COLOURS)))
    decoded.load()  # a whole PNG, not just its header
    assert decoded.size == table.size
    assert 560 <= table.width <= 700 and 400 <= table.height <= 1400
    # Every face the table's text shows is pasted, in the order written, as its image.
    faces = [(mark, box) for mark, box in table_screen.pasted if not mark.startswith("suit")]
    assert [mark for mark, _ in faces] == [m for m in marks_in(shot.table.text())
                                           if not m.startswith("suit")]
    assert faces and all(drawn_there(table, mark, box) for mark, box in faces)

    hand_screen = Screen(names, now)
    hand = hand_screen.draw(shot.hand)
    heading = next(line for line in shot.hand.embed["description"].splitlines()
                   if line.startswith("# <:"))
    held = marks_in(heading)
    # The heading's faces are big; each button's face (the last drawn) a button's size.
    big = [(mark, box) for mark, box in hand_screen.pasted if box[2] - box[0] > 30]
    assert [mark for mark, _ in big] == held
    assert all(drawn_there(hand, mark, box) for mark, box in big)
    buttons = [b["emoji"]["name"] for b in shot.hand.buttons if "emoji" in b]
    small = [mark for mark, box in hand_screen.pasted if box[2] - box[0] == 22]
    assert buttons and [parse(name).mark for name in buttons] == small[-len(buttons):]
    # The discard menu drawn open adds its first options' faces below it, taller.
    opened_screen = Screen(names, now, open_menus={"throw"})
    opened = opened_screen.draw(shot.hand)
    added = opened_screen.pasted[len(hand_screen.pasted):]
    assert [mark for mark, _ in added if not mark.startswith("suit")] == options_shown(shot)
    assert opened.height > hand.height
    # The same message, the same bytes.
    assert png(Screen(names, now).draw(shot.table)) == png(table)


def options_shown(shot: screens.Shot) -> list[str]:
    """The faces of the discard menu's first options: those a menu drawn open shows."""
    menu = next(c for c in shot.hand.walk_components()
                if c.get("custom_id", "").endswith(":throw"))
    return [parse(option["emoji"]["name"]).mark for option in menu["options"][:5]]


def test_docs_look_shows_each_family_and_every_picture_it_links_is_there():
    page = LOOK.read_text(encoding="utf-8")
    linked = IMAGE.findall(page)
    assert linked and all((LOOK.parent / target).is_file() for target in linked)
    for game, name, _ in screens.FAMILIES:
        assert f"\n## {name}\n" in page, name
        assert f"look/{game}.png" in linked, game
        picture = LOOK.parent / "look" / f"{game}.png"
        assert picture.stat().st_size < 250 * 1024, picture
        with Image.open(picture) as image:
            assert image.format == "PNG" and image.width >= 560
    held = sorted(path.name for path in (LOOK.parent / "look").glob("*.png"))
    assert held == sorted(f"{game}.png" for game, *_ in screens.FAMILIES)


def test_a_bad_usage_says_how_and_exits_2(capsys):
    assert screens.main([]) == 2
    assert capsys.readouterr().err.startswith("usage: python -m tests.screens DIR")
    assert screens.main(["a", "b"]) == 2
