"""The action phase (「アクションフェイズ」): the picked action cards revealed and
resolved step by step, each followed by its seat's auto action (settle or develop)."""

from __future__ import annotations

from soan.engine.core import Action
from soan.games.undecim import effects as E
from soan.games.undecim import scoring
from soan.games.undecim.codes import (
    AUTO,
    BITS,
    BONUS,
    BOOST,
    CARDS,
    DEVELOP_KEY,
    DIE,
    F_ENEMY,
    F_GOLD,
    F_RES,
    FRESH,
    GIVE,
    GOLD_KEY,
    KIND,
    KIND_CARDS,
    LEVEL,
    MARKET,
    MASK,
    MIXED,
    MOON,
    NSOURCES,
    P_CARDS,
    PLAY,
    SETTLE_KEY,
    SGOLD,
    TAKE,
    TARGET,
    W,
)
from soan.games.undecim.content import EG, RESOURCES, TYPES
from soan.games.undecim.fields import Fields
from soan.games.undecim.words import card_words, face_words, type_words

_FACE = {name: face for face, name in enumerate(E.FACES)}
_BONUS_KEY = tuple(f"bonus:{name}" for name in E.FACES)
# a settlement's resources for the log, by the kinds it is founded with (2-3 of one kind
# or one each of two)
_SETTLED = {kinds: f"{' + '.join(RESOURCES[a] for a in kinds)} (level {len(kinds)})"
            for kinds in [(a, b) for a in range(4) for b in range(4)]
            + [(a, a, a) for a in range(4)]}


class Resolution(Fields):
    """Resolving the action cards, mixed into `UndecimState`."""

    __slots__ = ()

    # ---- the cards revealed, then resolved step by step -------------------------------

    def _reveal(self) -> None:
        """「全員出したら一斉公開」: red-text cards resolve first, then the others, each
        kind by number (U4)."""
        t, hands = self.tables, self.hands
        # each seat's pick, or in the last round of the notes' two-card variant every card
        # it holds (「最後だけ…2枚同時に出す」)
        shown = [(s, c) for s, p in enumerate(self.picks) for c in ((p,) if p else BITS[hands[s]])]
        rank = t.card_rank
        order = sorted([(rank[c], s, c) for s, c in shown])  # ranks differ card by card
        picks, second = [0] * self.seats, [0] * self.seats
        secret = self.secret
        for _, s, c in reversed(order):  # a seat's first card to resolve ends in `picks`
            hands[s] &= ~(1 << c)
            secret[s] &= ~(1 << c)
            second[s], picks[s] = picks[s], c
        self.picks, self.second = picks, second
        for s in range(self.seats):
            p, q = picks[s], second[s]
            self.played[s] = min(p, q) if p and q else p or q
        self.log.append(
            "Action cards: "
            + ", ".join([f"seat {s + 1} {card_words(t, c)}" for s, c in shown])
            + "."
        )
        self.queue = [s for _, s, _ in order]
        self._next_resolver()

    def _next_resolver(self) -> None:
        if not self.queue:
            self.cur = self.card = -1
            for c in (*self.picks, *self.second):  # played cards join the 【場】 (U5)
                if c:
                    self.field |= 1 << c
            if self.round_no < self.options.rounds:
                self.queue = sorted(range(self.seats), key=self.played.__getitem__)
                self._next_replenish()
            else:
                self._night()
            return
        s = self.queue.pop(0)
        later = self.second[s] and s not in self.queue  # its second card of the two
        self.cur, self.si, self.autos = s, 0, 1
        self.card = self.second[s] if later else self.picks[s]
        self.spent, self.boosted = 0, False
        self._advance()

    def _next_step(self) -> None:
        self.si += 1
        self.spent, self.boosted = 0, False

    def _advance(self) -> None:
        """Run the current card's steps until one needs a choice; then the auto action."""
        steps = self.tables.steps[self.card]
        s = self.cur
        while self.si < len(steps):
            step = steps[self.si]
            if step.boost and not self.boosted:
                if self.front[W * s + F_GOLD]:
                    self.phase, self.to_move = BOOST, s
                    return
                self.boosted = True
            if self._enter(s, step, step.amounts[self.die - 1] + self.spent):
                return
            self.si += 1  # `_next_step`, written out in the loop every card runs
            self.spent, self.boosted = 0, False
        self._auto()

    def _enter(self, s: int, step: E.Step, n: int) -> bool:
        """Start a step; True when it waits for a choice."""
        kind = step.kind
        if kind == E.PLAY:
            self.left = n
            if n:
                acts = self._card_choices(self.hand, TYPES * s, step.faces)
                if acts:
                    self._offer(PLAY, s, acts)
                    return True
        elif kind == E.DRAW:
            self._draw(s, n)
            if n:
                self.log.append(f"Seat {s + 1} draws {n} card(s).")
        elif kind == E.MARKET:
            shown = self._take(n)
            for typ in shown:
                self.market[typ] += 1
            self.left = min(step.take, len(shown))
            if shown:
                t = self.tables
                self.log.append(
                    f"Seat {s + 1} reveals {', '.join([type_words(t, c) for c in shown])}."
                )
            if self.left:
                acts = self._card_choices(self.market, 0, step.faces)
                if acts:
                    self._offer(MARKET, s, acts)
                    return True
            self._clear_market()
        elif kind == E.STEAL:
            others = [(s + k) % self.seats for k in range(1, self.seats)]
            if n == 0:
                return False
            self.left = n
            if step.one_target:
                self.victims = [v for v in others if self._stealable(v)]
                if self.victims:
                    self._offer(TARGET, s, self._target_choices(self.victims))
                    return True
                return False
            self.victims = others
            return self._next_victim(advance=False)
        elif kind == E.MOON:
            if step.direction == E.CHOOSE:
                self.phase, self.to_move = MOON, s
                return True
            self._moon(n if step.direction == E.ADD else -n)
        elif kind == E.SET_DIE:
            self.phase, self.to_move = DIE, s
            return True
        elif kind == E.BUILD:
            self.autos += n
        else:
            per = scoring.held(self, s, step.per) if step.per else 1
            self.pts[NSOURCES * s + P_CARDS] += n * per
            if n * per:
                self.log.append(f"Seat {s + 1} scores {n * per} VP from its action card.")
        return False

    def _place(self, s: int, action: Action) -> None:
        """A card goes into the front with the face chosen (「上下好きな方を選ぶ」): from
        the hand, the market or the bonus draw."""
        face = _FACE[action[0]]
        t = action[1] if face < E.ENEMY else EG
        phase = self.phase
        if phase == PLAY:
            self.hand[TYPES * s + t] -= 1
            self.hsize[s] -= 1
        elif phase == MARKET:
            self.market[t] -= 1
        lines = self.placed[s][self._to_front(s, t, face)]
        if phase == BONUS:
            self.log.append(lines[1])
            self._note(s, _BONUS_KEY[face])
            self._next_bonus()
            return
        self.log.append(lines[0])
        self.left -= 1
        if self.left:
            acts = self._card_choices(
                self.hand if phase == PLAY else self.market, TYPES * s if phase == PLAY else 0,
                self.tables.steps[self.card][self.si].faces)
            if acts:
                self._offer(phase, s, acts)
                return
        if phase == MARKET:
            self._clear_market()
        self._next_step()
        self._advance()

    def _clear_market(self) -> None:
        market = self.market
        for t in range(TYPES):
            if market[t]:
                self.discard.extend([t] * market[t])
                market[t] = 0

    def _amount(self) -> int:
        """The current step's number: by the moon die, plus gold spent on it."""
        return self._step().amounts[self.die - 1] + self.spent

    def _next_victim(self, advance: bool = True) -> bool:
        """Take from the next victim that has something to take; True when a choice waits
        (the taker's, or the giver's under the variant giver_chooses)."""
        while self.victims:
            v = self.victims[0]
            kinds = self._stealable(v) if self.left else None
            if kinds:
                if self.options.giver_chooses:
                    self._offer(GIVE, v, self._steal_choices(GIVE, kinds))
                else:
                    self._offer(TAKE, self.cur, self._steal_choices(TAKE, kinds))
                return True
            self.victims.pop(0)
            self.left = self._amount()
        if advance:
            self._next_step()
            self._advance()
        return False

    def _steal_one(self, v: int, k: int) -> None:
        s, step = self.cur, self._step()
        face = step.face
        f, fr = self.front, self.fresh
        if face >= E.ENEMY:
            i, t = (F_ENEMY if face == E.ENEMY else F_GOLD), EG
        else:
            b, fb = W * v, FRESH * v
            t, i = next((t, i) for t, i in KIND_CARDS[face][k] if f[b + i] > fr[fb + i])
        self._unfront(v, i)
        if step.keep:
            self._to_front(s, t, face)
            where = f"takes {face_words(self.tables, t, face)} from seat {v + 1}"
        else:
            self.discard.append(t)
            where = f"makes seat {v + 1} discard {face_words(self.tables, t, face)}"
        self.log.append(f"Seat {s + 1} {where}.")
        self.left -= 1
        self._next_victim()

    def _moon(self, delta: int) -> None:
        """「タイムカウンターを指定数だけ乗せるか、取り除きます」: never above the cap (U12),
        never below none."""
        before = self.counters
        self.counters = min(max(before + delta, 0), self.options.moon_counters)
        verb = "put on" if delta > 0 else "taken off"
        self.log.append(
            f"{abs(self.counters - before)} time counter(s) {verb} the red moon "
            f"({self.counters} left)."
        )

    def _set_die(self, value: int) -> None:
        step = self._step()
        self.log.append(f"Seat {self.cur + 1} sets the moon die to {value}.")
        if step.recount:
            back = self.counters + self.rolled
            self.rolled = min(value, back)
            self.counters = min(back - self.rolled, self.options.moon_counters)
            self.log.append(f"The time counters follow: {self.counters} left.")
        self.die = value

    # ---- the auto action ---------------------------------------------------------------

    def _auto(self) -> None:
        """「オートアクション」 after the seat's own action: settle or develop once (more
        with a build step), if it can."""
        s = self.cur
        if self.autos > 0:
            acts = self.build_options(s)
            if acts:
                self._offer(AUTO, s, acts)
                return
        self._next_resolver()

    def _build(self, s: int, action: Action) -> None:
        if action[0] == "settle":
            kinds = action[1:]
            cards = tuple([self._spend_resource(s, a) for a in kinds])
            mixed = len(kinds) == 2 and kinds[0] != kinds[1]
            mask = 1 << kinds[0] | 1 << kinds[-1]  # 2-3 of one kind, or two kinds
            self.settlements.append((s, MIXED if mixed else kinds[0], mask, len(kinds), 0, cards))
            self._note(s, SETTLE_KEY)
            self.log.append(f"Seat {s + 1} settles with {_SETTLED[kinds]}.")
            return
        j, a = action[1], action[2]
        st = self.settlements[j]
        if a == 4:
            self._lose(s, F_GOLD)
            new = (s, st[KIND], st[MASK], st[LEVEL] + 1, st[SGOLD] + 1, st[CARDS])
            self._note(s, GOLD_KEY)
            what = "a gold"
        else:
            t = self._spend_resource(s, a)
            new = (s, st[KIND], st[MASK] | 1 << a, st[LEVEL] + 1, st[SGOLD], (*st[CARDS], t))
            self._note(s, DEVELOP_KEY)
            what = RESOURCES[a]
        self.settlements[j] = new
        self.log.append(f"Seat {s + 1} develops a settlement with {what} (level {new[LEVEL]}).")

    def _spend_resource(self, s: int, a: int) -> int:
        """Take one resource of kind `a` from the seat's front; returns its card type."""
        f, b = self.front, W * s
        for t in range(a, 16, 4):
            if f[b + F_RES + t]:
                self._lose(s, F_RES + t)
                return t
        raise AssertionError("no such resource in front")

