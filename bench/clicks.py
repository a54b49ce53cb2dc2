"""Any game's tables played through the bot by clicks alone, to rank the games by cost.

`python -m bench.clicks [GAME ...]` plays 100 tables of each game (every game but GFF
unless told) with every table's click in flight at once, and prints accepted actions/s
beside discord.py alone, measured in the same run: one run each, for a quick ranking.
`make bench` holds every game but GFF and Tonk against discord.py alone by the median
of several runs (bench/bot.py), each run in a process of its own (`game_played`).

The players here know little of a game: at their turn (or their sealed choice) each
clicks what their own hand view offers, a random enabled button or menu choice, until
the game has taken an action from them. A hand's card buttons count as one control, as
the card menu they replaced did: choosing it presses one of the cards. Where that is far
from play, `PLANS` knows a little more: Faro's bets, Fifty-One's one-click swap, and
Tonk's Drop pressed as seldom as GFF's players drop in bench/scripted.py (random clicks
dropped at one click in five, and every drop ends the hand). That can still be more
clicks per action than a player who knows the game would make; the rows print clicks
per action beside the rate.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import flow
from bench.floor import PAIRED_FLOOR_CLICKS, floor_rate, rate_of
from bench.isolated import in_own_process, new_database
from bench.seating import accepted, live_harness, seat_players
from bench.table import Row, machine, render
from engine import games

# Controls that make no move: a Refresh is a click lost, and a player who leaves plays no more.
NOT_A_MOVE = ("refresh", "leave")
SELECTS = (3, 5, 6, 7, 8)
CLICKS_PER_ACTION_AT_MOST = 8  # then the player gives way to the next round
PLAYERS = 3


def deck_for(rng: random.Random):
    """Decks as the bot shuffles them (bot.tables.service.shuffled_deck), from `rng`."""

    def deck(table):
        info = table.game.info
        pack_for = getattr(table.game, "pack", None)
        pack = tuple(pack_for(dict(table.info.options))) if pack_for is not None else info.pack
        if info.deals_per_game > 1:
            return [rng.sample(pack, len(pack)) for _ in range(info.deals_per_game)]
        return rng.sample(pack, len(pack))

    return deck


async def play_tables(folder: Path, game: str, tables: int, rounds: int, *, seed: int = 1,
                      wave: int | None = None, computers: tuple[str, ...] = (),
                      language: str = "en-US") -> dict:
    """`tables` tables of `game`, each player clicking at their turn; `wave` clicks in
    flight at once (every table's, unless told); a computer player of each level in
    `computers` at every table; the server and its players speaking `language`.
    Latencies as bench/scripted.py measures them."""
    rng = random.Random(seed)
    wave = wave or tables
    path = new_database(folder, f"clicks-{game}{tables}-{wave}{''.join(computers)}{language}")
    # Pictures off, as bench/scripted.py's rows: the bot's own cost per click.
    async with live_harness(path, pictures=False, guild_locale=language,
                            user_locale=language) as h:
        service = h.bot.tables
        service.deck_source = deck_for(rng)
        service.next_hand_seconds = 0  # as bench/scripted.py: the next hand at once
        info = games.get(game).info
        seats = max(info.min_seats, min(PLAYERS, info.max_seats))
        channels, players = await seat_players(h, game, tables, seats, computers)
        views: dict[int, int] = {}  # user id -> their hand view
        latencies: list[float] = []
        accepted_before = await accepted(h.bot.store)
        started, cpu = time.perf_counter(), time.process_time()

        async def move(channel, table) -> bool:
            hand = table.hand
            acting = [s for s in hand.to_act() if s in players[channel.id]]
            if not acting:
                return False
            seat = rng.choice(acting)
            user = players[channel.id][seat]
            number, seq = table.running.number, hand.seat_seq(seat)
            for _ in range(CLICKS_PER_ACTION_AT_MOST):
                sent = await _click_once(h, table, user, views, rng)
                latencies.append(sent.answered_at - sent.dispatched_at)
                if (table.running is None or table.running.number != number
                        or table.hand.is_over or table.hand.seat_seq(seat) != seq):
                    break
            return True

        await flow.play(h, channels, move, rounds, wave)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        played = await accepted(h.bot.store) - accepted_before
        return {"accepted": played, "seconds": seconds, "cpu": cpu, "clicks": len(latencies),
                "latencies": latencies}


def game_played(folder: Path, game: str, tables: int, rounds: int, **how: Any) -> dict:
    """`play_tables` in a process of its own (bench/isolated.py)."""
    return in_own_process(_game_played, folder, game, tables, rounds, **how)


def _game_played(folder: Path, game: str, tables: int, rounds: int, **how: Any) -> dict:
    return asyncio.run(play_tables(folder, game, tables, rounds, **how))


async def _click_once(h, table, user, views: dict[int, int], rng: random.Random):
    """One click: the table's "Your hand" when the player has no view, else a random
    enabled control of their view."""
    view = h.recorder.messages.get(views.get(user.id, 0))
    if view is None or view.deleted or not view.data.get("components"):
        wanted = f"{table.info.game}:{table.id}:hand"
        message = next(m for m in reversed(h.public_messages(h.channels[table.info.channel_id]))
                       if wanted in m.custom_ids)
        sent = await h.click(user, message, wanted)
        views[user.id] = h.last_response(user).id
        return sent
    live = _live_controls(view, rng)
    if not live:
        live = {c["custom_id"]: c for c in view.walk_components() if c.get("custom_id")}
    plan = PLANS.get(table.info.game)
    chosen, values = plan(live, rng, user.id) if plan else (None, None)
    if chosen is None:
        chosen = rng.choice(list(live.values()))
    if values is None and chosen["type"] in SELECTS:
        offered = [o["value"] for o in chosen.get("options", [])]
        low, high = chosen.get("min_values", 1), min(chosen.get("max_values", 1), len(offered))
        values = rng.sample(offered, rng.randint(low, max(low, high)))
    return await h.click(user, view, chosen["custom_id"], values=values)


def _live_controls(view, rng: random.Random) -> dict[str, dict]:
    """The view's enabled controls that make a move, by act. A hand's card buttons
    (`<act>.<index>`, one a card) count as one control of their act, as the card menu
    they replaced did: choosing it presses one of its cards at random. So a random
    player clicks the cards no more often than before, whatever the hand's size."""
    live: dict[str, dict] = {}
    cards: dict[str, list[dict]] = {}
    for c in view.walk_components():
        custom_id = c.get("custom_id")
        if not custom_id or c.get("disabled"):
            continue
        act = custom_id.rsplit(":", 1)[-1]
        name, dot, index = act.partition(".")
        if dot and index.isdigit() and c.get("type") == 2:
            cards.setdefault(name, []).append(c)
        elif act not in NOT_A_MOVE:
            live[act] = c
    for name, buttons in cards.items():
        live.setdefault(name, rng.choice(buttons))
    return live


def _faro(live: dict, rng: random.Random, user: int) -> tuple[dict | None, list | None]:
    """A Faro player who knows the menus: one rank in a betting menu (now and then the
    coppered one), or Ready (FARO-5): one click a bet, one a Ready, as a person would."""
    if "on" in live and rng.random() < 0.6:
        where = live["coppered"] if "coppered" in live and rng.random() < 0.15 else live["on"]
        ranks = [o["value"] for o in where["options"] if o["value"].startswith("r:")]
        if ranks:
            return where, [rng.choice(ranks)]
    return live.get("ready"), None


def _fiftyone(live: dict, rng: random.Random, user: int) -> tuple[dict | None, list | None]:
    """A Fifty-One player who reads the view: the Give buttons come with the best board
    card already taken (FIFTYONE-4.2), so a swap is one click (a card's button, at
    random); now and then they clear the board first (4.3), choose another board card,
    or give and call Stop (4.5)."""
    roll = rng.random()
    if "stock" in live and roll < 0.1:
        return live["stock"], None
    if "target" in live and roll < 0.2:
        return live["target"], None
    if "called" in live and roll < 0.3:
        return live["called"], None
    give = next((c for act, c in live.items() if act.startswith("swap")), None)
    return give or live.get("throw"), None  # "throw": the Give menu, in a view of before


def _tonk(live: dict, rng: random.Random, user: int) -> tuple[dict | None, list | None]:
    """A Tonk player drops (ends the hand) now and then, as GFF's players in
    bench/scripted.py do (3%), not at every fifth click: random clicks made most hands a
    handful of actions long, so the rows measured dealing and settling more than play."""
    if "drop" in live and len(live) > 1 and rng.random() >= 0.03:
        return rng.choice([c for act, c in live.items() if act != "drop"]), None
    return None, None


# Where a game's controls take knowing (random clicks there cost several a move, or end
# the hand at once).
PLANS = {"faro": _faro, "fiftyone": _fiftyone, "tonk": _tonk}


def rank(folder: Path, names: list[str], tables: int = 100, rounds: int = 20) -> list[dict]:
    """Each game's accepted actions/s at `tables` tables against discord.py alone measured
    just before it, each run in a process of its own; the lowest ratio first."""
    found = []
    for game in names:
        floor = floor_rate(folder, PAIRED_FLOOR_CLICKS)
        played = game_played(folder, game, tables, rounds)
        found.append({"game": game, "rate": rate_of(played), "floor": floor, **played})
    return sorted(found, key=lambda r: r["rate"] / r["floor"])


def main(argv: list[str]) -> int:
    names = argv or [g for g in games.GAMES if g != "gff"]
    with tempfile.TemporaryDirectory(dir=Path("data")) as tmp:
        rows = [
            Row(f"bot, 100 {found['game']} tables: accepted actions/s, every table at once",
                found["rate"], "actions/s",
                baseline=f"{found['rate'] / found['floor']:.0%} of discord.py alone "
                         f"({found['floor']:,.0f}/s, just before); "
                         f"{found['clicks'] / max(found['accepted'], 1):.2f} clicks per action; "
                         f"{found['accepted'] / found['cpu']:,.0f} per CPU second")
            for found in rank(Path(tmp), names)
        ]
    print(f"Machine: {machine()}")
    print(render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
