"""GFF and Tonk tables played through the offline harness by scripted players.

Each player clicks their hand view as a person would: Refresh when their view is out of
date (the bot brings it up to date at their turn), a button to draw, the discard menu to
discard, for a spread or a hit a press of each of its cards' buttons (found by the card
the button shows, its face or its label) and then Spread or Hit, the move itself chosen
at random among the legal ones. The latency of a click is the time inside the bot from
its gateway payload to its interaction response.

The bot shows cards as faces (its application's emojis, synced at start) unless told
`faces=False`, where the harness refuses the emoji list and cards are in words. With
`picture_every=N`, one move in N is preceded by a press of the view's Picture button
(with pictures on): nobody else asks for a hand picture, which is drawn only on request.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import discord

from bench import flow
from bench.isolated import in_own_process, new_database
from bench.seating import accepted, live_harness, seat_players
from cogs.table.emojis.shown import FACES
from engine import cards as C
from engine.actions import Discard, Draw, Drop, Hit, Spread
from engine.simulate import random_action
from tests.harness.cards import card_buttons

PICKED = discord.ButtonStyle.success.value  # a card button's style once picked

WAVE = 10  # clicks in flight at once
PLAYERS = 3


async def play_scripted(folder: Path, tables: int, rounds: int, seed: int, wave: int = WAVE,
                        game: str = "gff", pictures: bool = False,
                        tune_gc: bool = True, faces: bool = True,
                        picture_every: int = 0) -> dict:
    """`tables` tables played by clicks; pictures off unless asked for: the bot's own cost
    per click, as the rows measure it, leaves out the render process's drawing, which
    `bench.pictures` and the rows with pictures on measure. Cards as faces unless
    `faces` is off; `picture_every`: see the module's docstring."""
    rng = random.Random(seed)
    path = new_database(folder, f"bot{game}{tables}-{wave}-{pictures}-{tune_gc}-{faces}")
    async with live_harness(path, faces=faces, pictures=pictures, tune_gc=tune_gc) as h:
        h.recorder.check_pictures = False  # tests check them; decoding here would be timed
        if faces != FACES.on:
            raise RuntimeError(f"the bot's card faces are {'on' if FACES.on else 'off'}, "
                               f"not {'on' if faces else 'off'} as asked")
        service = h.bot.tables
        service.deck_source = lambda table: rng.sample(range(52), 52)
        # The next hand is dealt at once rather than after the countdown's 8 s: moving the
        # clock on 8 s for it would make every table's paced edit due at every round.
        service.next_hand_seconds = 0
        channels, players = await seat_players(h, game, tables, PLAYERS)
        views: dict[int, int] = {}  # user id -> their hand view
        table_messages: dict[int, int] = {}  # table id -> its table message
        latencies: list[float] = []
        moves = 0  # for picture_every: every Nth move asks for a picture first
        accepted_before = await accepted(h.bot.store)
        started, cpu = time.perf_counter(), time.process_time()

        async def move(channel, table) -> bool:
            nonlocal moves
            hand = table.hand
            user = players[channel.id][hand.to_act()[0]]
            action = random_action(hand, rng, 0.03)
            moves += 1
            picture = bool(pictures and picture_every and moves % picture_every == 0)
            clicks = await _clicks_for(h, channel, table, user, views, table_messages, action,
                                       picture=picture)
            for interaction in clicks:
                latencies.append(interaction.answered_at - interaction.dispatched_at)
            return True

        await flow.play(h, channels, move, rounds, wave)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        played = await accepted(h.bot.store) - accepted_before
        # Hand pictures still on their way when the run ends are part of its work.
        await asyncio.gather(*h.bot.get_cog("TableCog").controls._late)
        cache = h.bot.get_cog("TableCog").pictures.cache
        return {"latencies": latencies, "accepted": played, "seconds": seconds,
                "clicks": len(latencies), "hit_rate": cache.hit_rate,
                "asked": cache.hits + cache.misses, "dropped": cache.dropped,
                "cpu": cpu, "faces": faces}


def tables_played(folder: Path, tables: int, rounds: int, seed: int, **how: Any) -> dict:
    """`play_scripted` in a process of its own (bench/isolated.py)."""
    return in_own_process(_played, folder, tables, rounds, seed, **how)


def _played(folder: Path, tables: int, rounds: int, seed: int, **how: Any) -> dict:
    return asyncio.run(play_scripted(folder, tables, rounds, seed, **how))


async def _clicks_for(h, channel, table, user, views, table_messages, action, *,
                      picture: bool = False) -> list:
    """The clicks that make `action` from the player's hand view; the interactions sent.
    With `picture`, a press of the view's Picture button first."""
    sent = []
    view = h.recorder.messages.get(views.get(user.id, 0))
    seq = table.hand.seq
    at = f":{table.running.number}.{seq}:refresh"
    if view is None or view.deleted:
        table_message = _table_message(h, channel, table, table_messages)
        sent.append(await h.click(user, table_message, f"{table.info.game}:{table.id}:hand"))
        view = h.last_response(user)
        views[user.id] = view.id
    elif not _control(view, "refresh").endswith(at):
        # Others have played since: Refresh brings the same message up to date.
        sent.append(await h.click(user, view, _control(view, "refresh")))
    if picture:
        view = h.message(views[user.id])
        sent.append(await h.click(user, view, _control(view, "picture")))
    if isinstance(action, Drop):
        acts = [("drop", None)]
    elif isinstance(action, Draw):
        acts = [("stock" if action.source == "stock" else "take", None)]
    elif isinstance(action, Discard):
        acts = [("throw", [C.code(action.card)])]
    elif isinstance(action, Spread):
        sent += await _pick(h, user, views[user.id], action.cards)
        acts = [("spread", None)]
    elif isinstance(action, Hit):
        sent += await _pick(h, user, views[user.id], action.cards)
        acts = [("hit", None), ("target", [str(action.spread)])]
    for act, values in acts:
        view = h.message(views[user.id])
        sent.append(await h.click(user, view, _control(view, act), values=values))
    return sent


async def _pick(h, user, view_id: int, cards) -> list:
    """Exactly `cards` picked in the player's view: a press of each card button whose
    state is not as wanted (green is picked), found by the card it shows. Each press
    answers with the view brought up to date, which is read again for the next."""
    wanted = set(cards)
    view = h.message(view_id)
    buttons = card_buttons(view, "pick")
    if not buttons:  # a hand too large for buttons: its card menu, in one choice
        return [await h.click(user, view, _control(view, "pick"),
                              values=[C.code(c) for c in sorted(wanted)])]
    sent = []
    for card in [c for c, b in buttons.items() if (b.get("style") == PICKED) != (c in wanted)]:
        view = h.message(view_id)
        sent.append(await h.click(user, view, card_buttons(view, "pick")[card]["custom_id"]))
    return sent


def _control(message, act: str) -> str:
    return next(i for i in message.custom_ids if i.endswith(f":{act}"))


def _table_message(h, channel, table, found: dict[int, int]):
    """The table message players click; looked for again only when it is gone.

    `found` maps a table id to the table message last found for it.
    """
    wanted = f"{table.info.game}:{table.id}:hand"
    known = h.recorder.messages.get(found.get(table.id, 0))
    if known is not None and not known.deleted and wanted in known.custom_ids:
        return known
    for message in reversed(h.public_messages(channel)):
        if wanted in message.custom_ids:
            found[table.id] = message.id
            return message
    raise LookupError("no table message")
