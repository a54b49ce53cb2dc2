"""The family bases of the cogs: what a shedding game (cogs/shedding), a rummy game
(cogs/rummy) and a sealed-round game (cogs/sealed) show is drawn once, and a game adds
only its own fields, marks and words."""

from __future__ import annotations

from types import SimpleNamespace

from cogs.rummy.render import RummyEmbeds
from cogs.sealed import render as sealed
from cogs.sealed.play import CHOOSE, SealedPlay
from cogs.sealed.words import ChoiceWords
from cogs.shedding.render import SheddingEmbeds
from cogs.table.frames import Field
from engine import cards as C
from engine.rummy import views as rummy
from engine.shedding import views as shedding

ANN, BOB = "1000000012", "1000000123"


def _shedding_public(**changed) -> shedding.PublicView:
    seats = (shedding.SeatView(ANN, 90, True, 3, 2), shedding.SeatView(BOB, 80, False, 0, 0))
    fields = dict(stake=10, dealer=ANN, pot=20, seats=seats, stock=30, turn=ANN, seq=4,
                  events=tuple(f"event {n}" for n in range(8)), ended=None)
    return shedding.PublicView(**(fields | changed))


class _Shedding(SheddingEmbeds):
    title = "Shed"
    ended = {"out": "someone went out"}
    in_play = "In play"
    log = "Said"

    def in_play_line(self, public):
        return "the middle"

    def pile(self, public):
        return (C.parse("7H"),)

    def your_turn(self, view):
        return "Shed a card."


def _fields(embed) -> dict[str, str]:
    return {field.name: field.value for field in embed.fields}


def test_a_shedding_table_shows_the_games_own_fields_in_the_shared_frame():
    embed = _Shedding().table_embed(_shedding_public(), hand_number=3, away={BOB})
    assert embed.title == "Shed — game 3"
    assert embed.description == f"Stake 10, pot 20. <@{ANN}> to play."
    assert list(_fields(embed)) == ["Seats", "In play", "Discard pile (1)", "Stock", "Said"]
    assert _fields(embed)["Seats"] == (f"▶ <@{ANN}> — 90 chips · 3 cards, 2 drawn · dealer\n"
                                       f"<@{BOB}> — 80 chips · away, sitting out")
    assert _fields(embed)["Said"].splitlines() == [f"event {n}" for n in range(2, 8)]


def test_a_shedding_game_over_says_how_in_the_games_words():
    embed = _Shedding().table_embed(_shedding_public(turn=None, ended="out"), hand_number=1)
    assert embed.description.endswith("The game is over: someone went out.")


def test_a_shedding_hand_asks_what_the_game_asks_on_the_players_turn():
    public = _shedding_public()
    view = SimpleNamespace(public=public, hand=(C.parse("2C"),), legal=("play",))
    embed = _Shedding().hand_embed(view, note=f"{BOB} drew")
    assert embed.description == f"> <@{BOB}> drew\n# {C.label(C.parse('2C'))}\nShed a card."
    assert list(_fields(embed)) == ["In play", "Stock", "Pot"]


class _Rummy(RummyEmbeds):
    title = "Rum"
    ended = {}

    def seat_marks(self, seat, public):
        return ["marked"] if seat.id == BOB else []

    def table_fields(self, public):
        return [Field("Own", "mine")]

    def hand_note(self, view):
        return "A note."


def _rummy_public() -> rummy.PublicView:
    seats = (rummy.SeatView(id=ANN, stack=90, dealt_in=True, cards=5),
             rummy.SeatView(id=BOB, stack=80, dealt_in=True, cards=4))
    return rummy.PublicView(stake=10, dealer=BOB, seats=seats, spreads=(), discard_pile=(),
                            stock=20, turn=BOB, phase="draw", seq=1, ended=None)


def test_a_rummy_game_adds_its_marks_after_dealer_and_its_fields_before_the_spreads():
    embed = _Rummy().table_embed(_rummy_public(), [], hand_number=2, away={BOB})
    assert list(_fields(embed)) == ["Seats", "Own", "Spreads", "Discard", "Stock",
                                    "Last actions"]
    assert _fields(embed)["Seats"].splitlines()[1] == (
        f"▶ <@{BOB}> — 80 chips · 4 cards · dealer, marked, away")


def test_a_rummy_hand_shows_the_games_note_under_its_value():
    view = SimpleNamespace(public=_rummy_public(), hand=(), value=0, legal=())
    embed = _Rummy().hand_embed(view)
    assert embed.description == f"# no cards\nWorth **0**. Waiting for <@{BOB}>.\nA note."


def test_a_sealed_seat_shows_whether_its_choice_is_in_never_what():
    public = SimpleNamespace(dealer=ANN)
    seat = SimpleNamespace(id=ANN, stack=50, dealt_in=True)
    assert sealed.seat_line(seat, public, {ANN}, "3 cards", "✅ in") == (
        f"<@{ANN}> — 50 chips · 3 cards · dealer, away, ✅ in")
    out = SimpleNamespace(id=BOB, stack=5, dealt_in=False)
    assert sealed.seat_line(out, public, set(), "ignored", "✅ in") == (
        f"<@{BOB}> — 5 chips · sitting out")


def test_a_reveal_names_every_choice_and_a_tie_for_highest():
    choices = [(ANN, "7"), (BOB, "9")]
    assert sealed.reveal_line(choices, BOB, won="wins", tied="nobody") == (
        f"<@{ANN}> 7 · <@{BOB}> 9 → <@{BOB}> wins")
    assert sealed.reveal_line(choices, None, won="wins", tied="nobody").endswith(
        "→ a tie for highest: nobody")
    assert sealed.names([]) == "nobody"
    assert sealed.names([ANN, BOB]) == f"<@{ANN}> and <@{BOB}>"


class _FaceDown(SealedPlay):
    """A sealed game whose players turn a card face down together, not a bid."""

    game = SimpleNamespace(info=SimpleNamespace(id="facedown"))
    words = ChoiceWords(noun="card", did="turned down", made_mark="✅", due_mark="⏳")
    placeholder = "Turn a card down"

    def choice_options(self, view):
        return [{"label": "A card", "value": "AS"}]

    def choice_from(self, seat, value):
        return (seat, value)

    def choice_words(self, action):
        return action[1]


class _Tables:
    def __init__(self, hand) -> None:
        self.tables = {7: SimpleNamespace(hand=hand)}
        self.acted: list = []

    async def act(self, table_id, user, action, seq, *, hand_number):
        self.acted.append((table_id, action, seq, hand_number))


def _sealed_hand(chosen: bool):
    public = SimpleNamespace(seats=[SimpleNamespace(id=ANN, has_bid=chosen)])
    return SimpleNamespace(is_over=False, public_view=lambda: public,
                           to_act=lambda: (ANN,), seat_seq=lambda seat: 5)


async def test_a_sealed_choice_is_told_in_the_games_words():
    hand = _sealed_hand(chosen=True)
    tables = _Tables(hand)
    table = SimpleNamespace(id=7, hand=hand)
    said, offered = await _FaceDown(tables).play(tables, table, int(ANN), (2, 5), CHOOSE,
                                                 [], ["AS"])
    assert said == "You turned down AS. It is final, and hidden until every card is in."
    assert offered is None and tables.acted == [(7, (ANN, "AS"), 5, 2)]
    table.hand = _sealed_hand(chosen=False)  # the last choice in: shown together
    said, _ = await _FaceDown(tables).play(tables, table, int(ANN), (2, 5), CHOOSE, [], ["AS"])
    assert said.endswith("Every card is in: see them on the table. Your next card is due.")


def test_a_sealed_view_offers_the_menu_only_when_a_choice_is_due():
    ui = _FaceDown(_Tables(_sealed_hand(chosen=False)))
    view = SimpleNamespace(legal=("bid",), public=SimpleNamespace(seq=1))
    rows = ui.hand_view(7, int(ANN), 2, view).to_components()
    assert [c["custom_id"] for row in rows for c in row["components"]] == [
        f"facedown:7:{ANN}:2.5:{CHOOSE}", f"facedown:7:{ANN}:2.5:refresh"]
    idle = SimpleNamespace(legal=(), public=SimpleNamespace(seq=1))
    assert len(ui.hand_view(7, int(ANN), 2, idle).to_components()) == 1
