"""The legal actions of each phase, and the usage keys each would add.

Actions are prebuilt tuples, so listing them allocates nothing in the hot path."""

from __future__ import annotations

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
    front_index,
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
_DEVELOP = tuple(tuple(("develop", j, f) for f in range(5)) for j in range(64))
DONE: Action = ("done",)
SLAY: Action = ("slay",)
SPEND: Action = ("spend",)


def _develop(j: int, f: int) -> Action:
    return _DEVELOP[j][f] if j < 64 else ("develop", j, f)


class Choices(Fields):
    """The legal actions of every phase, mixed into `UndecimState`."""

    __slots__ = ()

    def _legal_actions(self) -> list[Action] | tuple[Action, ...]:
        phase, s = self.phase, self.to_move
        if phase == PICK:
            return [_PLAY[c] for c in BITS[self.hands[s]]]
        if phase == PLAY:
            return self._card_choices(self.hand, TYPES * s, self._faces())
        if phase == AUTO:
            return self.build_options(s)
        if phase == BONUS:
            t = self.bonus
            return (ENEMY_ACT, GOLD_ACT) if t == EG else (_LAND[t], _RES[t])
        if phase == REPLENISH:
            return [_PICK[c] for c in BITS[self.field & ~(1 << self.played[s])]]
        if phase == MARKET:
            return self._card_choices(self.market, 0, self._faces())
        if phase == NIGHT:
            return (SLAY, DONE)
        if phase == BOOST:
            return (SPEND, DONE)
        if phase == TAKE:
            return [_TAKE[k] for k in self._stealable(self.victims[0])]
        if phase == GIVE:
            return [_GIVE[k] for k in self._stealable(s)]
        if phase == TARGET:
            return [_TARGET[v] for v in self.victims]
        if phase == MOON:
            n = self._step().amounts[self.die - 1]
            return (("moon", n), ("moon", -n))
        if phase == DIE:
            values = self._step().values
            return [_DIE[v] for v in range(1, 7) if values >> v & 1]
        if phase == MULLIGAN:
            acts = [_SWAP[g][t] for g in BITS[self.hands[s]] for t in BITS[self.field]]
            acts.append(DONE)
            return acts
        return ()

    def _step(self) -> E.Step:
        return self.tables.steps[self.card][self.si]

    def _faces(self) -> int:
        return self._step().faces

    @staticmethod
    def _card_choices(counts: list[int], base: int, faces: int) -> list[Action]:
        """Each card type present in `counts`, once per face it may show."""
        acts = []
        land, res = faces & 1, faces & 2
        if land or res:
            for t in range(16):
                if counts[base + t]:
                    if land:
                        acts.append(_LAND[t])
                    if res:
                        acts.append(_RES[t])
        if counts[base + EG]:
            if faces & 4:
                acts.append(ENEMY_ACT)
            if faces & 8:
                acts.append(GOLD_ACT)
        return acts

    def build_options(self, s: int) -> list[Action]:
        """The auto action's choices (「入植か発展を1回」): found a settlement of 2-3 of one
        resource or 2 different ones, or develop one of your settlements by one card of
        its resource (same-kind), a resource not yet in it (mixed), or gold (U6, U10);
        or do neither."""
        f = self.front
        b = W * s + F_RESK
        r = f[b:b + 4]
        acts: list[Action] = []
        for a in range(4):
            if r[a]:
                if r[a] >= 2:
                    acts.append(_SETTLE2[a][a])
                    if r[a] >= 3:
                        acts.append(_SETTLE3[a])
                for c in range(a + 1, 4):
                    if r[c]:
                        acts.append(_SETTLE2[a][c])
        gold = f[W * s + F_GOLD]
        for j, st in enumerate(self.settlements):
            if st[OWNER] != s:
                continue
            kind = st[KIND]
            if kind == MIXED:
                mask = st[MASK]
                for a in range(4):
                    if r[a] and not mask >> a & 1:
                        acts.append(_develop(j, a))
            elif r[kind]:
                acts.append(_develop(j, kind))
            if gold:
                acts.append(_develop(j, 4))
        if acts:
            acts.append(DONE)
        return acts

    def _stealable(self, v: int) -> list[int]:
        """The kinds a steal step may take from seat `v`: cards of its face that did not
        enter `v`'s front this action phase (U13); fief lands are apart."""
        face = self._step().face
        f, fr = self.front, self.fresh
        b, fb = W * v, FRESH * v
        if face >= E.ENEMY:
            i = F_ENEMY if face == E.ENEMY else F_GOLD
            return [0] if f[b + i] > fr[fb + i] else []
        out = []
        for k in range(4):
            for t in self._types_of(face, k):
                i = front_index(t, face)
                if f[b + i] > fr[fb + i]:
                    out.append(k)
                    break
        return out

    @staticmethod
    def _types_of(face: int, k: int) -> range:
        """The card types whose `face` (land or resource) is of kind `k`."""
        return range(4 * k, 4 * k + 4) if face == E.LAND else range(k, 16, 4)

    def uses(self, action: Action) -> tuple[str, ...]:
        """The usage keys the mover adds by this action."""
        kind = action[0]
        if kind == "play":
            return (f"card:{self.tables.card_name[action[1]]}",)
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
