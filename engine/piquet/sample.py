"""Piquet deals consistent with what one seat knows, for the search player.

A sample is the partie at the point the view shows: the finished deals and totals as
the view lists them (public, PIQUET-7.3), the deal in play replayed from a constructed
pack, and the deals to come from fresh shuffles. What the seat knows of the deal in
play, and what the sample keeps:
- its own twelve as dealt (`PiquetSampler.observe` keeps them; a carte blanche shows
  them, 2.2), its discards and what it drew (2.5), and as elder the rest of the top
  five it was shown (2.3), so every talon place it saw holds what it saw there;
- the rest of the talon once shown (2.4), and how many cards each seat exchanged;
- the other's carte blanche (2.2): its twelve when shown, none of K Q J when announced,
  and otherwise at least one of them;
- every declaration as said aloud (3.6): the other's post-exchange hand must hold
  combinations that make the same calls, replies and scores (`_declarations`);
- every card played (4.1): each one was in its player's hand, and a seat that did not
  follow a suit holds none of it now.
The other's post-exchange hand is drawn first: its cards played, the talon cards it is
known to have drawn, and the hand it holds now from the cards the seat cannot place,
of no suit it failed to follow; then which of those it drew, what it threw out and the
talon's unseen places, uniformly. Declarations and carte blanche are kept by rejecting
draws that break them, so what is left is uniform over the consistent deals. (Should
none of TRIES draws make the declarations said, the last draw is kept and the
declarations' outcome set as the view says: `_as_said`.)

A seat that holds no combination of a kind is sunk without acting (3.2), one that
sinks acts: the deal's actions since its start (`seq`, remembered) tell which.

The search (`search_player`): exchanges among EXCHANGES_SEARCHED candidates
(`exchange_candidates`, `easy`'s always first), every declaration and sink, every card
allowed; the rollouts are `easy` on the state, cut at the deal's end and judged by the
lead in the partie's points.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable

from engine import cards as C
from engine.cards import Card
from engine.piquet import scoring as S
from engine.piquet.actions import KINDS, POINT, Action, Declare, Exchange, Play, Sink
from engine.piquet.calls import announce, call
from engine.piquet.deal import DECLARING, EXCHANGING, PiquetDeal
from engine.piquet.game import PIQUET
from engine.piquet.info import PACK
from engine.piquet.one_deal import PLAYING
from engine.piquet.strategy import easy_discards, play_easy
from engine.piquet.views import PrivateView
from engine.search import SearchPlayer

HAND = 12
TALON = 8
ELDER_SLOTS = [i for i in range(2 * HAND) if i % 4 < 2]  # 2.1: 0, 1, 4, 5, ... to elder
DEALER_SLOTS = [i for i in range(2 * HAND) if i % 4 >= 2]
TRIES = 20000  # draws rejected before giving up (an error; never met in the tests)
_NOT_BLANCHE = object()


def _codes(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(C.code(card) for card in sorted(cards))


def _by_suit(hand: Iterable[Card]) -> tuple[Card, ...]:
    """A hand in the order a view lists it (`play_easy` reads it so)."""
    return tuple(sorted(hand, key=lambda c: (C.suit(c), S.height(c))))


class _Known:
    """What one seat knows of the deal in play, read from its view and memory."""

    def __init__(self, view: PrivateView, dealt: frozenset[Card] | None,
                 rng: random.Random) -> None:
        pv = view.public
        self.me = me = view.seat
        ids = [s.id for s in pv.seats]
        self.opp = opp = ids[1] if ids[0] == me else ids[0]
        self.elder, self.dealer = pv.elder, pv.dealer
        took = {s.id: s.took for s in pv.seats}
        self.k, self.m = took[self.elder], took[self.dealer]
        self.opp_took = took[opp]
        self.opp_holds = next(s.cards for s in pv.seats if s.id == opp)
        plays = [play for trick in pv.tricks for play in trick.cards] + list(pv.trick)
        self.plays = plays
        self.played = {seat: {card for s, card in plays if s == seat} for seat in ids}
        self.voids: set[int] = set()  # 4.1: suits the other could not follow
        for trick in pv.tricks:
            (_, led), (second, card) = trick.cards
            if second == opp and C.suit(card) != C.suit(led):
                self.voids.add(C.suit(led))
        blanche = dict(pv.carte_blanche)
        self.opp_blanche = blanche.get(opp, _NOT_BLANCHE)
        my_discards = frozenset(view.discards)
        self.my_discards = my_discards
        self.my_discards_in_order = tuple(view.discards)  # as the view lists them
        self.my_post = frozenset(view.hand) | self.played[me]
        mine_took = took[me]
        if mine_took is None:
            orig = frozenset(view.hand)
        elif isinstance(blanche.get(me), tuple):
            orig = frozenset(blanche[me])
        elif dealt is not None and _fits(dealt, self.my_post, my_discards, mine_took):
            orig = dealt
        else:  # no memory: which cards were drawn is guessed, keeping 2.2 true
            orig = _guess_dealt(self.my_post, my_discards, mine_took, me in blanche, rng)
        self.my_orig = orig
        drawn = sorted(self.my_post - (orig - my_discards)) if mine_took is not None else []
        talon: list[Card | None] = [None] * TALON
        if me == self.elder and self.k is not None:
            talon[: self.k] = drawn
            for i, card in enumerate(view.rest_seen):
                talon[self.k + i] = card
        if me == self.dealer and self.m is not None:
            talon[self.k : self.k + self.m] = drawn
        if pv.talon_shown is not None:
            talon[self.k + self.m :] = pv.talon_shown
        self.talon = talon
        placed = set(orig) | {card for card in talon if card is not None}
        self.unknown = [card for card in PACK if card not in placed]
        if self.opp_took is None:
            self.opp_draws: list[int] = []
        elif opp == self.elder:
            self.opp_draws = list(range(self.k))
        else:
            self.opp_draws = list(range(self.k, self.k + self.m))


def _fits(dealt: frozenset[Card], post: frozenset[Card], discards: frozenset[Card],
          took: int) -> bool:
    return discards <= dealt and len(post - dealt) == took and dealt - discards <= post


def _guess_dealt(post, discards, took, blanche, rng) -> frozenset[Card]:
    for _ in range(1000):
        kept = set(rng.sample(sorted(post), HAND - took))
        dealt = frozenset(kept | discards)
        if S.is_carte_blanche(dealt) == blanche:
            return dealt
    return frozenset(kept | discards)


def _hidden(known: _Known, rng: random.Random):
    """One draw of the other's dealt twelve, its discards, its post-exchange hand and
    the talon, before the declarations are checked; None if it breaks carte blanche."""
    talon = list(known.talon)
    unknown = list(known.unknown)
    blanche = known.opp_blanche
    if known.opp_took is None:  # its twelve as dealt, and the talon's unseen places
        if isinstance(blanche, tuple):
            dealt = set(blanche)
        else:
            pool = [c for c in unknown if c not in S.FACE_CARDS] if blanche is None else unknown
            dealt = set(rng.sample(pool, HAND))
            if blanche is _NOT_BLANCHE and S.is_carte_blanche(dealt):
                return None
        rest = [c for c in unknown if c not in dealt]
        _fill(talon, rest, rng)
        return dealt, frozenset(), None, talon
    played = known.played[known.opp]
    known_draws = {talon[i] for i in known.opp_draws if talon[i] is not None}
    open_draws = [i for i in known.opp_draws if talon[i] is None]
    if isinstance(blanche, tuple):  # 2.2: dealt known; what it threw and drew is not
        dealt = set(blanche)
        discards = set(rng.sample(sorted(dealt), known.opp_took))
        others = [c for c in unknown if c not in dealt]
        rng.shuffle(others)
        for i in open_draws:
            talon[i] = others.pop()
        post = (dealt - discards) | {talon[i] for i in known.opp_draws}
        now = post - played
        if not played <= post or len(now) != known.opp_holds or any(
            C.suit(c) in known.voids for c in now
        ):
            return None
        _fill(talon, others, rng)
        return dealt, frozenset(discards), frozenset(post), talon
    free = [c for c in unknown if c not in played]
    held_now = known.opp_holds - len(known_draws - played)
    allowed = [c for c in free if C.suit(c) not in known.voids]
    now = rng.sample(allowed, held_now)
    post = set(now) | played | known_draws
    rest = [c for c in free if c not in post]
    rng.shuffle(rest)
    drawn_here = rng.sample(sorted(post - known_draws), len(open_draws))
    for i, card in zip(open_draws, drawn_here, strict=True):
        talon[i] = card
    discards = set(rest[: known.opp_took])
    _fill(talon, rest[known.opp_took :], rng)
    dealt = (post - known_draws - set(drawn_here)) | discards
    if S.is_carte_blanche(dealt) != (blanche is not _NOT_BLANCHE):
        return None
    return dealt, frozenset(discards), frozenset(post), talon


def _fill(talon: list, cards: list[Card], rng: random.Random) -> None:
    cards = list(cards)
    rng.shuffle(cards)
    open_places = [i for i, c in enumerate(talon) if c is None]
    assert len(open_places) == len(cards), "a view and a memory that disagree"
    for i, card in zip(open_places, cards, strict=True):
        talon[i] = card


def _announcement(kind, elder, dealer, held_e, held_d, elder_id, dealer_id):
    """What 3.6 has said of one kind with these declarations (as OneDeal._resolve)."""
    winner = None
    if elder is not None and dealer is not None:
        ahead, behind = S.key(kind, elder), S.key(kind, dealer)
        if ahead != behind:
            winner = elder_id if ahead > behind else dealer_id
    elif elder is not None or dealer is not None:
        winner = elder_id if elder is not None else dealer_id
    scored, others = 0, ()
    if winner is not None:
        declared, held = (elder, held_e) if winner == elder_id else (dealer, held_d)
        scored = S.score_kind(kind, declared, held)
        if kind != POINT:
            others = tuple(call(kind, combo) for combo in held if combo != declared)
    return announce(kind, elder, dealer, winner, scored, others)


def _declarations(view: PrivateView, hands: dict[str, frozenset[Card]], elder: str,
                  dealer: str, acts: int | None, rng: random.Random):
    """The declarations (3.2) that make what was said (3.6), kind by kind, as
    (elder's, dealer's) combinations or None for a sink; None if no choice does. Where
    the seat knows how many declaring actions were made (`acts`: the deal's actions
    counted from its start), a seat holding none (sunk without acting) is told from
    one that sank."""
    pv = view.public
    held_e = S.every_combination(hands[elder])
    held_d = S.every_combination(hands[dealer])
    made = []
    acted = 0
    for i, said in enumerate(pv.announcements):
        kind = KINDS[i]
        # The calls said aloud first (a cheap filter), then the whole announcement.
        options_e = [e for e in held_e[kind] if call(kind, e) == said.elder] if (
            said.elder_declared) else [None]
        options_d = held_d[kind] + [None]
        if said.dealer is not None:
            options_d = [d for d in held_d[kind] if call(kind, d) == said.dealer]
        found = [
            (e, d) for e in options_e for d in options_d
            if _announcement(kind, e, d, held_e[kind], held_d[kind], elder, dealer) == said
        ]
        if not found:
            return None
        made.append(found[rng.randrange(len(found))])
        acted += bool(held_e[kind]) + bool(held_d[kind])  # 3.2: a seat with none is sunk
    if pv.phase == DECLARING:  # 3.2: the seat to declare holds one of the kind
        kind = KINDS[len(pv.announcements)]
        due = held_e if pv.to_act == (elder,) else held_d
        if not due[kind]:
            return None
    if pv.phase == DECLARING and pv.elder_call is not None:
        if pv.elder_call == "none":
            made.append((None, None))
        else:
            found_e = [e for e in held_e[kind] if call(kind, e) == pv.elder_call]
            if not found_e:
                return None
            made.append((found_e[rng.randrange(len(found_e))], None))
        acted += bool(held_e[kind])
    if acts is not None and acted != acts:  # a sink said aloud and a sink made differ
        return None
    return made, held_e, held_d


def sample_deal(view: PrivateView, rng: random.Random,
                dealt: frozenset[Card] | None = None, start: int | None = None) -> PiquetDeal:
    """A partie consistent with `view`, the seat's twelve as `dealt` and the deal's first
    `seq` as `start` (memory; the first deal's is 0)."""
    known = _Known(view, dealt, rng)
    if view.public.deal == 1:
        start = 0
    acts = None
    if start is not None:
        acts = view.public.seq - start - len(known.plays)
        acts -= (known.k is not None) + (known.m is not None)
    me, opp, elder, dealer = known.me, known.opp, known.elder, known.dealer
    pv = view.public
    declaring = pv.phase != EXCHANGING
    drawn = last = declared = None
    for _ in range(TRIES):
        drawn = _hidden(known, rng)
        if drawn is None:
            continue
        last = drawn
        if not declaring:
            break
        post = {me: known.my_post, opp: drawn[2]}
        declared = _declarations(view, post, elder, dealer, acts, rng)
        if declared is not None:
            break
    else:
        if last is None:
            raise RuntimeError("no deal fits what the seat saw")
        drawn = last  # declarations too rare to draw: `_as_said`
    assert drawn is not None
    opp_dealt, opp_discards, _, talon = drawn
    dealt_of = {me: known.my_orig, opp: frozenset(opp_dealt)}
    discards_of = {me: known.my_discards_in_order, opp: tuple(sorted(opp_discards))}
    pack: list[Card] = [0] * len(PACK)
    for slots, seat in ((ELDER_SLOTS, elder), (DEALER_SLOTS, dealer)):
        cards = sorted(dealt_of[seat])
        rng.shuffle(cards)  # a hand is a set: any place in the pack
        for i, card in zip(slots, cards, strict=True):
            pack[i] = card
    pack[2 * HAND :] = talon
    actions: list[Action] = []
    if known.k is not None:
        actions.append(Exchange(elder, tuple(map(C.code, discards_of[elder]))))
    if known.m is not None:
        actions.append(Exchange(dealer, tuple(map(C.code, discards_of[dealer])),
                                pv.talon_shown is not None))
    if declaring and declared is None:
        return _as_said(view, known, _partie(view, pack, actions, rng))
    if declaring:
        made, held_e, held_d = declared
        for i, (e, d) in enumerate(made):
            kind = KINDS[i]
            for seat, combo, held in ((elder, e, held_e), (dealer, d, held_d)):
                if i == len(pv.announcements) and seat == dealer:
                    break  # the kind now declared: the dealer's turn
                if held[kind]:  # 3.2: a seat with none is sunk without acting
                    actions.append(Sink(seat, kind) if combo is None
                                   else Declare(seat, kind, _codes(combo)))
    actions += [Play(seat, C.code(card)) for seat, card in known.plays]
    return _partie(view, pack, actions, rng)


def _as_said(view: PrivateView, known: _Known, deal: PiquetDeal) -> PiquetDeal:
    """The rare fallback when no hand drawn in TRIES makes the declarations said (a long
    point of a given value, a sequence of a given top, a set...): the hands drawn, with
    the declarations' outcome and the tricks set as the view says, not replayed. The
    public view is the real one but for the deal's detail, which it does not show."""
    pv = view.public
    one = deal.current
    scores = {s.id: s.deal_score for s in pv.seats}
    one.scores = dict(scores)
    one.detail = {seat: {**dict.fromkeys(one.detail[seat], 0), "point": points}
                  for seat, points in scores.items()}
    one.bonus_taken = {seat: points >= S.REPIQUE and scores[one.other(seat)] == 0
                       for seat, points in scores.items()}  # a guess: 3.5, 4.3
    one.announcements = list(pv.announcements)
    one.held = {}
    one.phase = pv.phase
    one.declared, one.declaring = {}, None
    if pv.phase == DECLARING:
        one.kind_at = len(pv.announcements)
        kind = KINDS[one.kind_at]
        if pv.elder_call is not None:
            combos = [c for c in one.combinations(known.elder, kind)
                      if call(kind, c) == pv.elder_call]
            one.declared[known.elder] = combos[0] if combos else None
        one.declaring = pv.to_act[0]
    for seat, card in known.plays:
        one.hands[seat].discard(card)
    one.trick = list(pv.trick)
    one.tricks = list(pv.tricks)
    one.won = {s.id: s.tricks for s in pv.seats}
    if pv.phase == PLAYING:
        one.kind_at = len(KINDS) - 1
        one.leader = pv.trick[0][0] if pv.trick else (
            pv.tricks[-1].winner if pv.tricks else known.elder)
    deal.actions = [Sink(pv.elder, POINT)] * pv.seq
    deal._public = None
    return deal


def _partie(view: PrivateView, pack: list[Card], actions: list[Action],
            rng: random.Random) -> PiquetDeal:
    pv = view.public
    number = pv.deal - 1
    ids = [s.id for s in pv.seats]
    other = ids[1] if ids[0] == pv.dealer else ids[0]
    first_dealer = pv.dealer if number % 2 == 0 else other  # 1.3
    packs = []
    for i in range(6):
        fresh = list(PACK)
        rng.shuffle(fresh)
        packs.append(pack if i == number else fresh)
    deal: PiquetDeal = PIQUET.start(  # type: ignore[assignment]
        seats=[(s.id, s.stack) for s in pv.seats], stake=pv.stake, dealer=first_dealer,
        deck_or_decks=packs,
    )
    deal.current = deal._deal(number)
    deal.totals = {s.id: s.total for s in pv.seats}
    deal.finished = [dict(done) for done in pv.deals]
    deal.actions = [Sink(pv.elder, POINT)] * (pv.seq - len(actions))  # earlier deals'
    for action in actions:
        deal.apply(action)
    deal.root_number = number  # type: ignore[attr-defined]  # for `evaluate`
    return deal


# -- the moves searched ------------------------------------------------------------------

EXCHANGES_SEARCHED = 8  # candidate exchanges, `easy`'s among them (the issue's "short list")


@functools.lru_cache(maxsize=4096)
def exchange_candidates(hand: tuple[Card, ...], limit: int) -> tuple[tuple[Card, ...], ...]:
    """The discards the search tries (2.3, 2.4): `easy`'s, then the best others by
    `_kept_worth` among the low cards outside one or two kept suits, or the lowest
    overall, in every number allowed."""
    easy = tuple(sorted(easy_discards(hand, limit)))
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(C.suit(card), []).append(card)
    suits = sorted(by_suit, key=lambda s: (-len(by_suit[s]), s))
    kept_sets = [set(), *({s} for s in suits), *({a, b} for a in suits for b in suits if a < b)]
    found: set[tuple[Card, ...]] = set()
    for kept in kept_sets:
        spare = sorted((c for c in hand if C.suit(c) not in kept),
                       key=lambda c: (S.height(c), c))
        for n in range(1, min(limit, len(spare)) + 1):
            found.add(tuple(sorted(spare[:n])))
    found.discard(easy)
    best = sorted(found, key=lambda d: (-_kept_worth(hand, d), d))
    return (easy, *best[: EXCHANGES_SEARCHED - 1])


def _kept_worth(hand: tuple[Card, ...], discards: tuple[Card, ...]) -> float:
    """A cheap worth of keeping `hand` less `discards` (3.1, 4.2): the longest suit, the
    runs and the sets begun, the aces and kings, and a little for every card drawn."""
    kept = set(hand) - set(discards)
    combos = S.every_combination(kept)
    point = max((len(p) for p in combos["point"]), default=0)
    runs = sum(len(r) for r in combos["sequence"])
    ranks: dict[int, int] = {}
    for card in kept:
        if S.height(card) >= 3:
            ranks[S.height(card)] = ranks.get(S.height(card), 0) + 1
    sets = sum(c * c for c in ranks.values() if c >= 2)
    high = sum(2 if S.height(c) == 7 else 1 for c in kept if S.height(c) >= 6)
    return 2 * point + runs + sets + 2 * high + 1.5 * len(discards)


def legal_moves(deal: PiquetDeal, seat: str) -> list[Action]:
    """The moves searched for `seat` now: every declaration and sink (3.2), every card
    allowed (4.1); of the exchanges, `exchange_candidates` (never showing the rest, which
    tells the search nothing)."""
    if seat not in deal.to_act():
        return []
    one = deal.current
    if one.phase == EXCHANGING:
        hand = _by_suit(one.hands[seat])
        return [Exchange(seat, _codes(d))
                for d in exchange_candidates(hand, one.exchange_limit(seat))]
    if one.phase == DECLARING:
        kind = KINDS[one.kind_at]
        return [Declare(seat, kind, _codes(c)) for c in one.combinations(seat, kind)] + [
            Sink(seat, kind)
        ]
    return [Play(seat, C.code(card)) for card in one.playable(seat)]


# -- rollouts ----------------------------------------------------------------------------


class _Glance:
    """The few fields of a private view `play_easy` reads, taken from the state (a whole
    view is costly to make, and a rollout makes hundreds); it is its own `public`."""

    __slots__ = ("seat", "legal", "hand", "exchange_limit", "choices", "playable", "public",
                 "trick", "kind")

    def __init__(self, deal: PiquetDeal, seat: str) -> None:
        one = deal.current
        self.seat = seat
        self.legal = (True,)
        self.hand = _by_suit(one.hands[seat]) if one.phase == EXCHANGING else ()
        self.exchange_limit = one.exchange_limit(seat)
        self.choices = one.choices(seat) if one.phase == DECLARING else ()
        self.playable = one.playable(seat) if one.phase == PLAYING else ()
        self.public = self
        self.trick = tuple(one.trick)
        self.kind = one.kind


def rollout(deal: PiquetDeal, rng: random.Random) -> Action:
    """`easy` on the state: the long suit kept, the best declared, tricks won cheaply."""
    seat = deal.to_act()[0]
    return play_easy(_Glance(deal, seat), rng)  # type: ignore[arg-type]


LEAD_SCALE = 200  # points: a lead of 100 is half a stake's 100 margin points (5.2, 6.1)
MARGIN_WEIGHT = 1.0
HORIZON = 40  # rollout actions: past the end of any deal from anywhere in it
DETERMINIZATIONS = 10  # a sample may take milliseconds of rejection (declarations)


def evaluate(deal: PiquetDeal, seat: str) -> float:
    """The seat's lead in the partie's points at the end of the deal searched from (the
    next deal's first scores left out), scaled about as the margin pays (5.2)."""
    totals = dict(deal.totals)
    if deal.current.number == getattr(deal, "root_number", deal.current.number):
        for s in totals:
            totals[s] += deal.current.score(s)
    lead = totals[seat] - max(v for s, v in totals.items() if s != seat)
    return max(-1.0, min(1.0, lead / LEAD_SCALE))


class PiquetSampler:
    """The search player's sampler: remembers its seat's twelve as dealt, each deal."""

    legal_moves = staticmethod(legal_moves)

    def __init__(self) -> None:
        self.dealt: dict[int, frozenset[Card]] = {}
        self.starts: dict[int, int] = {}  # each deal's first seq
        self._seq = -1

    def observe(self, view: PrivateView) -> None:
        pv = view.public
        if pv.seq < self._seq:  # a new partie
            self.dealt, self.starts = {}, {}
        self._seq = pv.seq
        mine = next(s for s in pv.seats if s.id == view.seat)
        if pv.phase == EXCHANGING and mine.took is None:
            self.dealt[pv.deal] = frozenset(view.hand)
            if all(s.took is None for s in pv.seats):
                self.starts[pv.deal] = pv.seq

    def __call__(self, view: PrivateView, rng: random.Random) -> PiquetDeal:
        self.observe(view)
        deal = view.public.deal
        return sample_deal(view, rng, self.dealt.get(deal), self.starts.get(deal))


def search_player(playouts: int | None, ms: float | None) -> SearchPlayer:
    """Piquet's `hard` (engine/search.py): exchanges among a short list, declarations
    and cards searched, `easy` rolling out to the end of the deal, judged by the lead."""
    return SearchPlayer(PIQUET, PiquetSampler(), playouts=playouts, ms=ms, rollout=rollout,
                        determinizations=DETERMINIZATIONS,
                        margin_weight=MARGIN_WEIGHT, horizon=HORIZON, evaluate=evaluate)
