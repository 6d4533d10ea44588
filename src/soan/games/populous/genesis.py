"""Random genesis hands (option `genesis_hand`), the notes' 「手札ランダム制」.

「まず、手札ランダム制に戻す必要がある。」 / 「5枚にして、3枚使って即5枚になるよう補充とか。」 /
「手札については、やはり2手番分ぐらいの指針が必要だから、6枚はいるんじゃなかろうか。」: instead of
the fixed 【創世記】 (cards 1-5 and a wild card, lowered until all are down), each seat
holds a hidden hand of `genesis_hand` genesis cards from the shuffled deck, plays two
for the area and one for the action, and refills at the end of its turn. soan's
reading where the note is silent: the deck is the 30 genesis cards of the components
(5 of each number and 5 wild cards) whatever the seat count; two cards of one number
name that double tile; played cards are discarded face up and reshuffled when the
deck runs out; a hand that names no tile of the world (the note's 「プレイできない瞬間」)
is discarded and a new one drawn (usage `genesis:redrawn`).
"""

from __future__ import annotations

from soan.engine.cards import take_cards
from soan.engine.core import Action
from soan.engine.rng import Rng
from soan.games.populous.board import (
    ACT_ACTIONS,
    AREA_ACTIONS,
    WILD_ACT_ACTIONS,
    WILD_AREA_ACTIONS,
)
from soan.games.populous.fields import Fields

WILD_CARD = 0  # a wild card in a genesis hand; numbers are 1-5
DECK = tuple([n for n in range(1, 6) for _ in range(5)] + [WILD_CARD] * 5)
DOUBLE_AREA_ACTIONS = {a: ("area", a, a) for a in range(1, 6)}
REDRAWN = "genesis:redrawn"  # usage: a hand that named no tile was drawn again
_MAX_REDRAWS = 20  # a world always holds some pair; this only bounds bad luck


def area_choices(hand: list[int], present: dict) -> list[Action]:
    """The areas two cards of `hand` can name: two numbers (a double from two of one
    number), or a number and the wild card as any number."""
    numbers = sorted({n for n in hand if n != WILD_CARD})
    out = [AREA_ACTIONS[(a, b)] for a in numbers for b in numbers
           if a < b and (a, b) in present]
    out += [DOUBLE_AREA_ACTIONS[a] for a in numbers if hand.count(a) > 1 and (a, a) in present]
    if WILD_CARD in hand:
        out += [WILD_AREA_ACTIONS[(x, y)] for x in numbers for y in range(1, 6)
                if (min(x, y), max(x, y)) in present]
    return out


def action_choices(hand: list[int]) -> list[Action]:
    """The action cards `hand` can lower: its numbers, or the wild card as any action."""
    out = [ACT_ACTIONS[n] for n in sorted({n for n in hand if n != WILD_CARD})]
    if WILD_CARD in hand:
        out += WILD_ACT_ACTIONS[1:]
    return out


def deal_last(pool: list[int], n: int) -> list[int]:
    """The last `n` cards of a shuffled `pool`, taken off it as `n` pops would take them
    (last first), in two slices rather than `n` calls: every redeal of a search deals."""
    cut = len(pool) - n
    dealt = pool[cut:]
    del pool[cut:]
    dealt.reverse()
    return dealt


class Genesis(Fields):
    """The random genesis hands, mixed into `PopulousState`."""

    __slots__ = ()

    def _deal_genesis_hands(self, start: int) -> None:
        self.gdeck = list(DECK)
        self.rng.shuffle(self.gdeck)
        for k in range(self.seats):
            self._refill_genesis((start + k) % self.seats)

    def _refill_genesis(self, s: int) -> None:
        short = self.options.genesis_hand - len(self.genesis[s])
        if short > 0:
            got, reshuffled = take_cards(self.gdeck, self.gdiscard, self.rng, short)
            if reshuffled:
                self.log.append("The lowered genesis cards are shuffled into a new deck.")
            self.genesis[s].extend(got)

    def _lower_genesis(self, s: int, card: int) -> None:
        self.genesis[s].remove(card)
        self.gdiscard.append(card)

    def _playable_genesis(self, s: int) -> None:
        """Draw a new hand while this one names no tile of the world."""
        present = self.board.world.tile_of_pair
        for _ in range(_MAX_REDRAWS):
            if area_choices(self.genesis[s], present):
                return
            self.gdiscard.extend(self.genesis[s])
            self.genesis[s] = []
            self._refill_genesis(s)
            self._note(s, REDRAWN)
            self.log.append(f"Seat {s + 1}'s genesis cards name no tile: it draws a new hand.")

    def _redeal_genesis(self, seat: int, rng: Rng) -> None:
        """For a redeal: the other seats' hands and the deck are unseen by `seat`."""
        pool = list(self.gdeck)
        for s in range(self.seats):
            if s != seat:
                pool.extend(self.genesis[s])
        pool.sort()  # so the result depends on what `seat` knows, not on the real deal
        rng.shuffle(pool)
        for s in range(self.seats):
            if s != seat:
                self.genesis[s] = deal_last(pool, len(self.genesis[s]))
        self.gdeck = pool
