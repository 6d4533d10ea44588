"""The round around the action phase: its start (the moon die, bonus resources), the
action replenishment, the red moon night, the round end and the game end (精算)."""

from __future__ import annotations

from soan.games.undecim import scoring
from soan.games.undecim.choices import BONUS_CHOICES, field_picks, hand_plays
from soan.games.undecim.codes import (
    BITS,
    BONUS,
    ENEMY_KEY,
    F_ENEMY,
    FRESH,
    LAND_KEY,
    LAND_SET,
    NIGHT,
    NIGHT_KEY,
    NIGHT_WON,
    NSOURCES,
    OVER,
    P_AWARDS,
    P_ENEMIES,
    P_FIEFS,
    P_LANDS,
    P_ORDER,
    PICK,
    REPLENISH,
    TIE_KEY,
    W,
)
from soan.games.undecim.content import EG
from soan.games.undecim.fields import Fields
from soan.games.undecim.words import card_words


class Rounds(Fields):
    """A round's start and end, mixed into `UndecimState`."""

    __slots__ = ()

    # ---- round start -------------------------------------------------------------------

    def _start_round(self) -> None:
        """「ラウンド開始」: the start player rolls the moon die and that many counters come
        off (as many as there are); each seat takes a bonus resource (U9)."""
        self.round_no += 1
        self.die = die = self.rng.die()
        self.rolled = min(die, self.counters)
        self.counters -= self.rolled
        self.night = False
        self.fresh = [0] * (FRESH * self.seats)
        self.log.append(
            f"Round {self.round_no}: the moon die shows {die}; {self.rolled} time counter(s) "
            f"come off the red moon ({self.counters} left)."
        )
        self.queue = list(range(self.seats))
        self._next_bonus()

    def _next_bonus(self) -> None:
        while self.queue:
            s = self.queue.pop(0)
            got = self._take(1)
            if got:
                self.bonus = got[0]
                self._offer(BONUS, s, BONUS_CHOICES[self.bonus])
                return
        self.bonus = -1
        self.picks = [0] * self.seats
        if self.options.final_two_actions and self.round_no == self.options.rounds:
            self._reveal()  # 「アクションカードを2枚同時に出す」: every card held is played
            return
        first = self.first_player
        self._offer(PICK, first, hand_plays(self.hands[first]))

    # ---- action replenishment ----------------------------------------------------------

    def _next_replenish(self) -> None:
        """「アクション番号の小さいプレイヤーから順に…1枚選び」 (not in the last round)."""
        if self.queue:
            s = self.queue.pop(0)
            self._offer(REPLENISH, s, field_picks(self.field & ~(1 << self.played[s])))
            return
        self._night()

    # ---- the red moon night ------------------------------------------------------------

    def _night(self) -> None:
        """「赤い月の夜」 when every counter is gone: the seats with the most enemies are
        fixed first (U12); each seat in turn may discard one enemy for 4 VP, those with
        the most as many as they like for 4, 5, 6…; then 10 counters go back."""
        if self.counters:
            self._end_round()
            return
        self.night = True
        n = self.seats
        enemies = [self.front[W * s + F_ENEMY] for s in range(n)]
        top = max(enemies)
        self.most = sum(1 << s for s in range(n) if top and enemies[s] == top)
        for s in range(n):
            self._note(s, NIGHT_KEY)
            if self.most >> s & 1:
                self._note(s, NIGHT_WON)
        self.log.append(
            "The red moon night falls!"
            + (f" Most enemies ({top}): " + ", ".join(
                f"seat {s + 1}" for s in range(n) if self.most >> s & 1) + "." if top else "")
        )
        self.queue = [s for s in range(n) if enemies[s]]
        self._next_night()

    def _next_night(self) -> None:
        if self.queue:
            self.phase, self.to_move, self.slays = NIGHT, self.queue.pop(0), 0
            return
        self.counters = self.options.moon_counters
        self.log.append(f"{self.counters} time counters go back on the red moon.")
        self._end_round()

    def _night_choice(self, s: int, slay: bool) -> None:
        if slay:
            vp = self.options.enemy_vp + self.slays
            self._lose(s, F_ENEMY)
            self.discard.append(EG)
            self.slays += 1
            self.slain[s] += 1
            self.pts[NSOURCES * s + P_ENEMIES] += vp
            self._note(s, ENEMY_KEY)
            self.log.append(f"Seat {s + 1} discards an enemy for {vp} VP.")
            more = self.most >> s & 1 and self.front[W * s + F_ENEMY]
            if more:
                return
        self._next_night()

    # ---- round end ---------------------------------------------------------------------

    def _end_round(self) -> None:
        """「ラウンド終了」: land bonus (doubled on a night), awards (halved when shared,
        U7), hands back to 5, and with 3 players a new face-up field."""
        n, opts, t = self.seats, self.options, self.tables
        gains = []
        for s, (bonus, full) in enumerate(scoring.land_bonuses(self)):
            if self.night:
                bonus *= opts.night_land_multiplier
            gains.append(bonus)
            if bonus:
                self.pts[NSOURCES * s + P_LANDS] += bonus
                self._note(s, LAND_KEY)
                if full:
                    self._note(s, LAND_SET)
        self.log.append(
            "Land bonus" + (" (doubled by the night)" if self.night else "") + ": "
            + ", ".join([f"seat {s + 1} {vp}" for s, vp in enumerate(gains)]) + "."
        )
        per_fief = opts.fief_round_vp + (opts.night_fief_vp if self.night else 0)
        if per_fief:
            self._fief_points(per_fief)
        for a in list(self.awards):
            cond, need = t.award_condition[a], t.award_count[a]
            winners = [s for s, have in enumerate(scoring.award_progress(self, cond))
                       if have >= need]
            if not winners:
                continue
            vp = t.award_vp[a] // 2 if len(winners) > 1 else t.award_vp[a]  # half, however many
            for s in winners:
                self.pts[NSOURCES * s + P_AWARDS] += vp
                self._note(s, f"award:{t.award_name[a]}")
            self.awards.remove(a)
            self.log.append(
                f"Award {t.award_name[a]} ({t.award_english[a]}): "
                + ", ".join(f"seat {s + 1}" for s in winners) + f" score {vp} VP each."
            )
        if self.round_no >= opts.rounds:
            self._end_game()
            return
        size = opts.hand_size
        if self.round_no + 1 == opts.rounds and opts.final_hand_size:
            size = opts.final_hand_size  # 「最後手番だけ8枚になるよう引く」
        for s in range(n):
            self._draw(s, size - self.hsize[s])
        if self.aside:
            cards = list(BITS[self.field | self.aside])
            self.rng.shuffle(cards)
            self.field = sum(1 << c for c in cards[:3])
            self.aside = sum(1 << c for c in cards[3:])
            self.log.append(
                "The field shows " + ", ".join(card_words(t, c) for c in BITS[self.field]) + "."
            )
        self._start_round()

    def _fief_points(self, per_fief: int) -> None:
        """The notes' fief points at the round end: 「版図ボーナス4点」 (`fief_round_vp`)
        every round, and 「版図1つにつき3点」 (`night_fief_vp`) when the night fell."""
        words = []
        for s in range(self.seats):
            vp = per_fief * scoring.fiefs(self, s)
            if vp:
                self.pts[NSOURCES * s + P_FIEFS] += vp
                words.append(f"seat {s + 1} {vp}")
        if words:
            self.log.append("Fief bonus: " + ", ".join(words) + ".")

    def _end_game(self) -> None:
        """「精算」: buildings and gold; the final-order bonus under that variant: 「決算順
        ボーナスで3、2、1点」 to the lowest, next and third card of the last round."""
        bonus = self.options.final_order_bonus
        if any(bonus):
            ranked = sorted(range(self.seats), key=lambda s: self.played[s])
            for s, vp in zip(ranked, bonus, strict=False):
                self.pts[NSOURCES * s + P_ORDER] += vp
        self.phase, self.to_move = OVER, None
        totals = self.scores()
        winners = self._best(totals)
        if len(winners) == 1 and totals.count(max(totals)) > 1:
            self._note(winners[0], TIE_KEY)
        self.log.append(
            "The game ends. " + "; ".join(f"seat {s + 1}: {v}" for s, v in enumerate(totals)) + "."
        )

