"""What `GameUI` draws for every game (cogs/table/ui.py, cogs/table/frames.py): the lobby
and its seats, a result's frame, a history line's, a click refused out of turn. A game
gives only its own lines; these tests give a game nothing else."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

from bot.store import Seat, StoreError, Table
from bot.tables import TableError
from bot.tables.computer import computer_name
from cogs.table.frames import Field, ResultLines, seat_lines, seat_marks, waiting_line
from cogs.table.ui import FRESH_VIEW, GameUI
from engine.gff.game import GFF

ANN, BOB = 1000000012, 1000000123  # people's ids: a computer's is below 1,000,000


class Bare(GameUI):
    """A game's UI that gives only what every game must."""

    game = GFF
    how_to_start = "`/gff join`"

    def rules_embed(self, settings):
        raise AssertionError("not drawn here")

    def table_embed(self, table):
        raise AssertionError("not drawn here")

    def hand_embed(self, view, *, note=""):
        raise AssertionError("not drawn here")

    def hand_view(self, table_id, owner, hand_number, view, *, state=FRESH_VIEW):
        raise AssertionError("not drawn here")

    async def play(self, tables, table, user, at, act, picked, values):
        raise AssertionError("not played here")


class Farm(Bare):
    hand_word = "deal"
    lobby_line = "Sixteen takes the farm."
    out_below = "two stakes"

    def lobby_fields(self, info, seats):
        return [Field("Farm", "5 chips carried"), seats]

    def result_lines(self, settlement):
        return ResultLines("Ann has sixteen.", fields=[Field("Hands shown", "ann: 16")],
                           notes=[Field("Farm", "0 chips carry", inline=True)],
                           nets_of={str(ANN)})

    def history_words(self, result):
        return f"the farm to <@{result['winner']}>"


@dataclass
class Settled:
    ended: str = "out"
    net: dict[str, int] = field(default_factory=lambda: {str(ANN): 12, str(BOB): -12})
    stacks: dict[str, int] = field(default_factory=lambda: {str(ANN): 212, str(BOB): 8})
    eliminated: tuple[str, ...] = (str(BOB),)


def table(*seats: Seat) -> SimpleNamespace:
    info = Table(id=7, guild_id=1, channel_id=2, host_id=ANN, game="gff", stake=10,
                 buy_in=200, max_players=4, turn_seconds=60, status="open", pots={},
                 carried_by={}, seats=seats, hands_played=0, last_dealer=None)
    return SimpleNamespace(info=info, hand=None)


def fields(embed) -> list[tuple[str, str, bool]]:
    return [(f.name, f.value, f.inline) for f in embed.fields]


def test_the_lobby_says_the_terms_how_to_join_and_each_seat_with_its_status():
    lobby = Bare().lobby_embed(table(Seat(7, ANN, 0, 200, "seated"), Seat(7, BOB, 1, 0, "away")))
    assert lobby.title == "Game, Flip and Flop"
    assert lobby.description == ("Stake 10, buy-in 200, up to 4 players. Join with `/gff join`; "
                                 "the host starts with `/gff start`.")
    assert fields(lobby) == [("Seats (2/4)", f"<@{ANN}> — 200 chips\n<@{BOB}> — 0 chips · away",
                              False)]
    assert fields(Bare().lobby_embed(table())) == [("Seats (0/4)", "empty", False)]


def test_a_game_adds_its_sentence_and_its_fields_where_it_shows_them():
    lobby = Farm().lobby_embed(table(Seat(7, ANN, 0, 200, "seated")))
    assert "4 players. Sixteen takes the farm. Join with" in lobby.description
    assert [name for name, _, _ in fields(lobby)] == ["Farm", "Seats (1/4)"]


def test_one_seat_list_names_each_seat_and_marks_only_a_status_other_than_seated():
    seats = [Seat(7, ANN, 0, 50, "seated"), Seat(7, 3, 1, 40, "left")]
    assert seat_lines(seats) == [f"<@{ANN}> — 50 chips", f"{computer_name(3)} — 40 chips · left"]


def test_a_result_frames_the_games_lines_with_the_nets_and_who_is_out():
    bare = Bare().result_embed(Settled(), hand_number=3)
    assert (bare.title, bare.description) == ("Hand 3: the result", "The hand ended: out.")
    assert fields(bare) == [
        ("Net this hand", f"<@{ANN}>: +12 → 212\n<@{BOB}>: -12 → 8", False),
        ("Out", f"<@{BOB}>: below the stake", False),
    ]
    farm = Farm().result_embed(Settled(), hand_number=4)
    assert (farm.title, farm.description) == ("Deal 4: the result", "Ann has sixteen.")
    assert fields(farm) == [
        ("Hands shown", "ann: 16", False),
        ("Net this deal", f"<@{ANN}>: +12 → 212", False),  # only the seats the game names
        ("Farm", "0 chips carry", True),
        ("Out", f"<@{BOB}>: below two stakes", False),
    ]
    assert [f.name for f in Farm().result_embed(Settled(eliminated=()), hand_number=5).fields
            ] == ["Hands shown", "Net this deal", "Farm"]


def test_a_history_line_is_how_the_hand_ended_then_the_games_words():
    assert Farm().history_line({"ended": "sixteen", "winner": ANN}) == (
        f"sixteen: the farm to <@{ANN}>")
    assert Bare().history_line({"ended": "out"}) == "out"
    assert Bare().history_line({}) == "?"


def test_a_click_out_of_turn_names_whom_the_hand_waits_for():
    waiting = SimpleNamespace(hand=SimpleNamespace(to_act=lambda: (str(BOB),)))
    out_of_turn = TableError("ann acted, but it is bob's turn", code="not_your_turn")
    assert Bare().refusal(out_of_turn, waiting) == f"It is not your turn; waiting for <@{BOB}>."
    nobody = SimpleNamespace(hand=SimpleNamespace(to_act=lambda: ()))
    assert Bare().refusal(out_of_turn, nobody) == "Not done: ann acted, but it is bob's turn"
    assert Bare().refusal(out_of_turn, SimpleNamespace(hand=None)) == (
        "Not done: ann acted, but it is bob's turn")
    assert Bare().refusal(TableError("no such card", code="illegal_play"), waiting) == (
        "Not done: no such card")
    assert Bare().refusal(StoreError("not enough chips"), waiting) == (
        "Not done: not enough chips")


def test_a_game_whose_refusal_says_it_all_keeps_the_engines_words():
    class AllAtOnce(Bare):
        def out_of_turn(self, waiting):
            return None

    waiting = SimpleNamespace(hand=SimpleNamespace(to_act=lambda: (str(BOB),)))
    refused = TableError("ann has left this deal", code="not_your_turn")
    assert AllAtOnce().refusal(refused, waiting) == "Not done: ann has left this deal"


def test_a_game_declares_no_acts_of_its_own_by_default():
    assert Bare.button_acts == () and Bare.menu_acts == ()


async def test_no_game_draws_its_own_lobby_or_refusal_frame(harness):
    uis = harness.bot.get_cog("TableCog").uis
    assert uis
    for game, ui in uis.items():
        assert type(ui).lobby_embed is GameUI.lobby_embed, game
        assert type(ui).refusal is GameUI.refusal, game


class Drawn(GameUI):
    """A game's UI whose embeds only say what they were given."""

    game = GFF
    how_to_start = "`/gff join`"
    embeds = SimpleNamespace(
        table_embed=lambda public, **shown: ("table", public, shown),
        hand_embed=lambda view, *, note="": ("hand", view, note),
    )
    rules_embed = hand_view = play = Bare.rules_embed


def running(to_act, deadlines):
    hand = SimpleNamespace(public_view=lambda: "public", to_act=lambda: to_act)
    return SimpleNamespace(running=SimpleNamespace(hand=hand, number=7), away={ANN},
                           deadline_for=deadlines.get)


def test_a_table_embed_gets_what_every_table_shows_and_the_turns_deadline():
    table = running((str(BOB), str(ANN)), {str(BOB): 1700000000.7, str(ANN): 1})
    assert Drawn().table_embed(table) == ("table", "public", {
        "hand_number": 7, "deadline": 1700000000, "away": {str(ANN)}})
    assert Drawn().table_embed(running((), {}))[2]["deadline"] is None
    assert Drawn().hand_embed("view", note="said") == ("hand", "view", "said")


def test_a_game_adds_to_its_table_embed_and_sets_its_own_deadline():
    class Own(Drawn):
        def draw_table(self, table, public, **shown):
            return super().draw_table(table, public, extra=table.running.number, **shown)

        def table_deadline(self, table):
            return 5

    _, _, shown = Own().table_embed(running((str(BOB),), {str(BOB): 99}))
    assert shown["extra"] == 7 and shown["deadline"] == 5


def test_a_seat_is_marked_dealer_away_and_sitting_out_in_that_order():
    assert seat_marks("1", dealer="1", away={"1"}, dealt_in=False) == [
        "dealer", "away", "sitting out"]
    assert seat_marks("1", dealer="1", away=(), dealer_word="farmer") == ["farmer"]
    assert seat_marks("2", dealer="1", away=()) == []


def test_a_view_waits_for_the_seat_to_act_or_says_the_hand_is_over():
    assert waiting_line(str(ANN), "over") == "Waiting for <@1000000012>."
    assert waiting_line(None, "The deal is over.") == "The deal is over."
