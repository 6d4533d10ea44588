"""The legal actions of each phase, and the usage keys each would add.

Actions are prebuilt tuples, so listing them allocates nothing in the hot path."""

from __future__ import annotations

from functools import cache
from itertools import chain, compress

from soan.engine.core import Action
from soan.games.undecim import effects as E
from soan.games.undecim.codes import (
    AUTO,
    BITS,
    BONUS,
    BOOST,
    BOOST_KEY,
    DEVELOP_KEY,
    DIE,
    ENEMY_KEY,
    F_ENEMY,
    F_GOLD,
    F_LAND,
    F_LANDK,
    F_RES,
    F_RESK,
    FRESH,
    GIVE,
    GOLD_KEY,
    KIND,
    MARKET,
    MASK,
    MIXED,
    MOON,
    MULLIGAN,
    MULLIGAN_KEY,
    NIGHT,
    OWNER,
    PICK,
    PLAY,
    REPLENISH,
    SETTLE_KEY,
    TAKE,
    TARGET,
    W,
)
from soan.games.undecim.content import EG, TYPES
from soan.games.undecim.fields import Fields

_LAND = tuple(("land", t) for t in range(16))
_RES = tuple(("resource", t) for t in range(16))
ENEMY_ACT: Action = ("enemy",)
GOLD_ACT: Action = ("gold",)
_PLAY = tuple(("play", n) for n in range(12))
_PICK = tuple(("pick", n) for n in range(12))
_SWAP = tuple(tuple(("swap", g, t) for t in range(12)) for g in range(12))
_TARGET = tuple(("target", v) for v in range(8))
_TAKE = tuple(("take", k) for k in range(4))
_GIVE = tuple(("give", k) for k in range(4))
_DIE = tuple(("die", v) for v in range(7))
_SETTLE2 = tuple(tuple(("settle", a, b) for b in range(4)) for a in range(4))
_SETTLE3 = tuple(("settle", a, a, a) for a in range(4))
# a land-and-resource type's choices by the faces allowed (bits 0-1), the enemy-and-gold
# card's by bits 2-3
_BY_FACES = ((), tuple((a,) for a in _LAND), tuple((a,) for a in _RES),
             tuple(zip(_LAND, _RES, strict=True)))
_EG_BY_FACES = ((), (ENEMY_ACT,), (GOLD_ACT,), (ENEMY_ACT, GOLD_ACT))
# the bonus resource's faces by its card type
BONUS_CHOICES = (*zip(_LAND, _RES, strict=True), (ENEMY_ACT, GOLD_ACT))
DONE: Action = ("done",)
SLAY: Action = ("slay",)
SPEND: Action = ("spend",)


@cache
def hand_plays(hand: int) -> tuple[Action, ...]:
    """Playing one action card of a hand (a bit set of card numbers)."""
    return tuple(_PLAY[c] for c in BITS[hand])


@cache
def field_picks(field: int) -> tuple[Action, ...]:
    """Taking one action card of the field's cards (a bit set)."""
    return tuple(_PICK[c] for c in BITS[field])


def _develop_row(j: int) -> tuple[Action, ...]:
    """Developing settlement `j` by resource 0-3 or by gold (4)."""
    return tuple(("develop", j, f) for f in range(5))


def _settles(counts: tuple[int, ...]) -> tuple[Action, ...]:
    """Founding a settlement with resources of these counts by kind: 2 or 3 of one kind,
    or one each of two kinds."""
    acts: list[Action] = []
    for a in range(4):
        if counts[a]:
            if counts[a] >= 2:
                acts.append(_SETTLE2[a][a])
                if counts[a] >= 3:
                    acts.append(_SETTLE3[a])
            for c in range(a + 1, 4):
                if counts[c]:
                    acts.append(_SETTLE2[a][c])
    return tuple(acts)


_DEVELOP = tuple(_develop_row(j) for j in range(64))
# the settlements for each count of the four kinds capped at 3 (2 bits each, kind 0 lowest)
_SETTLES = tuple(_settles(tuple(key >> 2 * a & 3 for a in range(4))) for key in range(256))
# the kinds of a bit set of the four, in order
_KINDS_IN = tuple(tuple(a for a in range(4) if m >> a & 1) for m in range(16))


class Choices(Fields):
    """The legal actions of every phase, mixed into `UndecimState`."""

    __slots__ = ()

    def _legal_actions(self) -> list[Action] | tuple[Action, ...]:
        """Built here when no transition left them ready (see `_offer`); the phases go
        by how often a random game meets them."""
        s: int  # a seat: the rules ask for actions only while the game goes on
        phase, s = self.phase, self.to_move  # type: ignore[assignment]
        if phase == PLAY:
            return self._card_choices(self.hand, TYPES * s, self._step().faces)
        if phase == BONUS:
            return BONUS_CHOICES[self.bonus]
        if phase == PICK:
            return hand_plays(self.hands[s])
        if phase == AUTO:
            return self.build_options(s)
        if phase == REPLENISH:
            return field_picks(self.field & ~(1 << self.played[s]))
        if phase == TAKE:
            return self._steal_choices(TAKE, self._stealable(self.victims[0]))
        if phase == MULLIGAN:
            acts = [_SWAP[g][t] for g in BITS[self.hands[s]] for t in BITS[self.field]]
            acts.append(DONE)
            return acts
        if phase == MARKET:
            return self._card_choices(self.market, 0, self._step().faces)
        if phase == NIGHT:
            return (SLAY, DONE)
        if phase == MOON:
            n = self._step().amounts[self.die - 1]
            return (("moon", n), ("moon", -n))
        if phase == DIE:
            values = self._step().values
            return [_DIE[v] for v in range(1, 7) if values >> v & 1]
        if phase == TARGET:
            return self._target_choices(self.victims)
        if phase == BOOST:
            return (SPEND, DONE)
        if phase == GIVE:
            return self._steal_choices(GIVE, self._stealable(s))
        return ()

    def _offer(self, phase: int, seat: int, acts: list[Action] | tuple[Action, ...]) -> None:
        """Wait for `seat` to choose among `acts` in `phase`: the rules built them to know
        that there is a choice (or have them at hand: a pick, a bonus resource, a
        replenishment), so `legal()` takes them as they are instead of building them
        again. Only the last thing a transition does (nothing may change after it);
        `copy()` keeps them, `redeal()` drops them."""
        self.phase, self.to_move = phase, seat
        self._legal = tuple(acts)

    def _step(self) -> E.Step:
        return self.tables.steps[self.card][self.si]

    @staticmethod
    def _card_choices(counts: list[int], base: int, faces: int) -> tuple[Action, ...]:
        """Each card type present in `counts`, once per face it may show."""
        acts = tuple(chain.from_iterable(compress(_BY_FACES[faces & 3], counts[base:base + EG])))
        if counts[base + EG]:
            return acts + _EG_BY_FACES[faces >> 2]
        return acts

    def build_options(self, s: int) -> list[Action]:
        """The auto action's choices (「入植か発展を1回」): found a settlement of 2-3 of one
        resource or 2 different ones, or develop one of your settlements by one card of
        its resource (same-kind), a resource not yet in it (mixed), or gold (U6, U10);
        or do neither."""
        f = self.front
        b = W * s + F_RESK
        r = f[b:b + 4]
        r0, r1, r2, r3 = r
        acts = list(_SETTLES[(r0 if r0 < 3 else 3) | (r1 if r1 < 3 else 3) << 2
                             | (r2 if r2 < 3 else 3) << 4 | (r3 if r3 < 3 else 3) << 6])
        held = (r0 > 0) | (r1 > 0) << 1 | (r2 > 0) << 2 | (r3 > 0) << 3
        gold = f[W * s + F_GOLD]
        for j, st in enumerate(self.settlements):
            if st[OWNER] != s:
                continue
            row = _DEVELOP[j] if j < len(_DEVELOP) else _develop_row(j)
            kind = st[KIND]
            if kind == MIXED:
                for a in _KINDS_IN[held & ~st[MASK]]:
                    acts.append(row[a])
            elif r[kind]:
                acts.append(row[kind])
            if gold:
                acts.append(row[4])
        if acts:
            acts.append(DONE)
        return acts

    @staticmethod
    def _target_choices(victims: list[int]) -> list[Action]:
        return [_TARGET[v] for v in victims]

    @staticmethod
    def _steal_choices(phase: int, kinds: list[int]) -> list[Action]:
        """The actions of a take (the taker chooses) or a give (the victim does)."""
        acts = _GIVE if phase == GIVE else _TAKE
        return [acts[k] for k in kinds]

    def _stealable(self, v: int) -> list[int]:
        """The kinds a steal step may take from seat `v`: cards of its face that did not
        enter `v`'s front this action phase (U13); fief lands are apart."""
        face = self._step().face
        f, fr = self.front, self.fresh
        b, fb = W * v, FRESH * v
        if face >= E.ENEMY:
            i = F_ENEMY if face == E.ENEMY else F_GOLD
            return [0] if f[b + i] > fr[fb + i] else []
        # a kind has a card to take when it has more in front than came in fresh (no
        # index holds more fresh cards than cards): lands of a kind are 4 types in a row,
        # resources of a kind every 4th type
        if face == E.LAND:
            counts, fb = f[b + F_LANDK:b + F_LANDK + 4], fb + F_LAND
            return [k for k in range(4) if counts[k] > sum(fr[fb + 4 * k:fb + 4 * k + 4])]
        counts, fb = f[b + F_RESK:b + F_RESK + 4], fb + F_RES
        return [k for k in range(4) if counts[k] > sum(fr[fb + k:fb + 16:4])]

    def uses(self, action: Action) -> tuple[str, ...]:
        """The usage keys the mover adds by this action."""
        kind = action[0]
        if kind == "play":
            return (self.tables.card_key[action[1]],)
        if kind == "settle":
            return (SETTLE_KEY,)
        if kind == "develop":
            return (GOLD_KEY,) if action[2] == 4 else (DEVELOP_KEY,)
        if kind == "swap":
            return (MULLIGAN_KEY,)
        if kind == "slay":
            return (ENEMY_KEY,)
        if kind == "spend":
            return (BOOST_KEY,)
        if kind in E.FACES and self.phase == BONUS:
            return (f"bonus:{kind}",)
        return ()
