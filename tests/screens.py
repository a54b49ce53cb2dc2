"""Pictures of what a player sees, drawn from the bot's own messages: `python -m tests.screens DIR`.

For each game family it plays a deal a few moves in through the offline harness (the
real bot, a recorder in place of Discord; fixed or seeded decks, players ann, bob and
cy where the game takes three), then writes DIR/<game>.png: the public table message
above, one player's own hand view (an ephemeral message) below it, each under a small
caption. The same bytes each run: the decks, the deck commitments' salt and the clock
are fixed, and ids never show (a mention is drawn as the player's name).
docs/look/ is made by this; docs/look.md shows its pictures.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

from PIL import Image, ImageDraw

from engine import cards as C
from engine.oldmaid.info import PACK as OLDMAID_PACK
from engine.piquet.actions import Exchange
from tests.discord.sealed_driver import SealedDriver
from tests.discord.table_driver import QUIET, TableDriver
from tests.discord.test_concentration_play import ConcentrationDriver, layout
from tests.discord.test_farmer_play import farmer_table
from tests.discord.test_faro_play import faro_table
from tests.discord.test_fiftyone_play import fiftyone_table
from tests.discord.test_oldmaid_play import OldMaidDriver
from tests.discord.test_pageone_play import pageone_table
from tests.discord.test_piquet_play import PiquetDriver, six_packs
from tests.harness import Harness, Message
from tests.harness.screens import BACKGROUND, BRIGHT, CODE, Screen, font, png

USAGE = "usage: python -m tests.screens DIR   (writes DIR/<game>.png for each game family)"
SALT = "0" * 32  # each deal's deck commitment, the same every run
COLOURS = 256  # a palette: the pictures stay small


@dataclass
class Shot:
    table: Message
    hand: Message
    who: str  # whose hand view it is
    opened: tuple[str, ...] = ()  # the menus drawn opened (their acts)


async def gff(h: Harness) -> Shot:
    """Rummy: a turn each, then ann draws and picks three hearts to spread (green)."""
    d = TableDriver(h)
    await d.seat_everyone()
    await d.start(QUIET, "KS QS JS 2C 7C 8C")
    await d.acts("ann stock", "ann throw 9D", "bob stock", "bob throw JD",
                 "cy stock", "cy throw 9C", "ann stock")
    await d.pick("ann", ["2H", "3H", "4H"])
    return Shot(d.table_message(), d.view_of("ann"), "ann", ("throw",))


async def farmer(h: Harness) -> Shot:
    """Hit towards 16: ann hits the 6♥ and stays on 16; bob hits once and thinks."""
    d = await farmer_table(h, "TS 9S 2S 6H 5D 3D")
    for name, act in (("ann", "hit"), ("ann", "stay"), ("bob", "hit")):
        await d.press(name, act)
    return Shot(d.table_message(), d.view_of("bob"), "bob")


async def faro(h: Harness) -> Shot:
    """Bets on the layout: ann on the queen and on even, the first turn dealt, a new bet."""
    d = await faro_table(h, names=("ann", "bob", "cy"))
    await d.bet("ann", ["r:Q"])
    await d.bet("bob", ["r:K"], copper=True)
    await d.bet("cy", ["even"])
    for name in ("ann", "bob", "cy"):
        await d.click(name, "ready")
    await d.bet("ann", ["r:7"])
    return Shot(d.table_message(), d.view_of("ann"), "ann", ("on",))


async def gops(h: Harness) -> Shot:
    """Sealed bids: a round bid and shown, then ann has bid in the next and bob has not."""
    prizes = [C.make(rank, C.DIAMONDS) for rank in range(13)]
    d = await SealedDriver.opened(h, prizes, ("ann", "bob", "cy"))
    await d.bids(ann="KS", bob="2H", cy="5C")
    await d.bid("ann", "3S")
    await d.open_hand("bob")
    return Shot(d.table_message(), d.view_of("bob"), "bob")


async def oldmaid(h: Harness) -> Shot:
    """Pairs thrown at the deal, three draws made; ann draws next, from cy's backs."""
    d = await OldMaidDriver.opened(h, random.Random(4).sample(OLDMAID_PACK, len(OLDMAID_PACK)))
    for name in ("ann", "bob", "cy"):
        await d.draw(name, 0)
    return Shot(d.table_message(), await d.fresh_view("ann"), "ann")


async def concentration(h: Harness) -> Shot:
    """52 backs: ann misses, bob finds a pair (it goes) and flips again."""
    cards = random.Random(5).sample(layout(), 52)
    d = await ConcentrationDriver.opened(h, cards)
    await d.flips("ann 0 1")
    first = 2
    match = next(p for p in range(3, 52) if C.rank(cards[p]) == C.rank(cards[first]))
    await d.flips(f"bob {first} {match}", "bob 3")
    return Shot(d.table_message(), await d.fresh_view("bob"), "bob", ("row0",))


async def pageone(h: Harness) -> Shot:
    """Shedding: a trick of hearts, then ann leads the K♦, bob follows, cy's turn."""
    d = await pageone_table(h, ["9H KD AS 2C", "3H QD 7S 5C", "6H 4D JS 8C"],
                            "TD 8D 6C 3S", names=("ann", "bob", "cy"))
    for name, card in (("ann", "9H"), ("bob", "3H"), ("cy", "6H"), ("ann", "KD"),
                       ("bob", "QD")):
        await d.play(name, card)
    return Shot(d.table_message(), await d.fresh_view("cy"), "cy")


async def fiftyone(h: Harness) -> Shot:
    """Swaps with the board: ann takes the Q♦ for her 4♥, bob the 6♠ for his A♥."""
    d = await fiftyone_table(h, ["JD 9D 3D 8C 4H", "KS 9S AH 2H 5C", "7H 8H 6D 2D TC"],
                             "QD 2S 3S 4S 6S", "2C 3C 4C 7C 6C", names=("ann", "bob", "cy"))
    await d.swap("ann", "QD", "4H")
    await d.swap("bob", "6S", "AH")
    return Shot(d.table_message(), await d.fresh_view("cy"), "cy", ("target",))


async def piquet(h: Harness) -> Shot:
    """Two players: the exchanges, the declarations, then the elder leads a trick."""
    d = await PiquetDriver.opened(h, six_packs(3))
    names = {d.seat(u): u.name for u in d.users}
    ann, bob = d.seat("ann"), d.seat("bob")
    held = d.hand.private_view(ann).hand
    await d.move("ann", Exchange(ann, tuple(C.code(c) for c in held[:3])))
    dealt = d.hand.private_view(bob).hand
    await d.move("bob", Exchange(bob, (C.code(dealt[0]),), show_rest=True))
    while d.hand.public_view().phase != "play":
        turn = d.hand.to_act()[0]  # each declaration as a time-out would make it
        await d.move(names[turn], d.hand.timeout_action(turn))
    leader = d.hand.to_act()[0]
    await d.move(names[leader], d.hand.timeout_action(leader))
    follower = names[d.hand.to_act()[0]]
    return Shot(d.table_message(), await d.fresh_view(follower), follower)


# Each family's game: its file name, its name, how a deal is played to the picture.
FAMILIES: tuple[tuple[str, str, Callable[[Harness], Awaitable[Shot]]], ...] = (
    ("gff", "Game, Flip and Flop", gff),  # rummy
    ("farmer", "Farmer", farmer),  # banking
    ("faro", "Faro", faro),  # banking
    ("gops", "Gops", gops),  # sealed bids
    ("oldmaid", "Old Maid", oldmaid),
    ("concentration", "Concentration", concentration),
    ("pageone", "Page One", pageone),  # shedding
    ("fiftyone", "Fifty-One", fiftyone),
    ("piquet", "Piquet", piquet),
)


def screens(h: Harness, shot: Shot) -> tuple[Image.Image, Image.Image]:
    """The table message and the hand view, drawn as their readers see them."""
    names = {user.id: user.name for user in h.users.values()}
    now = h.scheduler.now()
    return (Screen(names, now).draw(shot.table),
            Screen(names, now, open_menus=shot.opened).draw(shot.hand))


def captioned(panels: list[tuple[str, Image.Image]]) -> Image.Image:
    """The pictures one above the other, each under its caption."""
    width = max(image.width for _, image in panels)
    height = sum(30 + image.height for _, image in panels)
    sheet = Image.new("RGB", (width, height), BACKGROUND)
    pen, y = ImageDraw.Draw(sheet), 0
    for caption, image in panels:
        pen.rectangle((0, y, width, y + 29), fill=CODE)
        pen.text((16, y + 15), caption, font=font(14), fill=BRIGHT, anchor="lm",
                 stroke_width=0.35, stroke_fill=BRIGHT)
        sheet.paste(image, (0, y + 30))
        y += 30 + image.height
    return sheet


async def picture(play: Callable[[Harness], Awaitable[Shot]], name: str) -> bytes:
    with tempfile.TemporaryDirectory() as folder, \
            mock.patch("bot.tables.dealing.new_salt", lambda: SALT):
        async with Harness(database_path=Path(folder) / "screens.sqlite3") as h:
            shot = await play(h)
            table, hand = screens(h, shot)
    who = shot.who
    sheet = captioned([(f"{name}: the table, as everyone in the channel sees it", table),
                       (f"{who}'s hand, only {who} sees it", hand)])
    return png(sheet, COLOURS)


async def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game, name, play in FAMILIES:
        path = folder / f"{game}.png"
        path.write_bytes(await picture(play, name))
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0].startswith("-"):
        print(USAGE, file=sys.stderr)
        return 2
    for path in asyncio.run(write_all(Path(argv[0]))):
        print(f"{path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
