"""Area selection and the creation phase: 1:エリア選択 (lower two genesis cards) and
2:創世フェイズ (lower a third for an action, place workers, carry the action out, then
a vandal if the wild card was used)."""

from __future__ import annotations

from soan.engine.core import Action
from soan.games.populous import effects as E
from soan.games.populous import scoring
from soan.games.populous.board import ALL_DOWN, WILD
from soan.games.populous.codes import (
    ACTION,
    ACTION_NAMES,
    AREA,
    BLESSING,
    BUILD,
    DISASTER,
    DRAW,
    EMPTY,
    LABOUR,
    PLACE,
    PROSPERITY,
    PUT_VANDAL,
    REMOVE,
    REVELATION,
    VANDAL,
    place_actions,
)
from soan.games.populous.fields import Fields
from soan.games.populous.genesis import WILD_CARD

WILD_USED, HOUSE_BUILT = "wild card", "house"  # rule branches the lab counts
ACTION_NOTES = tuple(f"action:{name}" for name in ACTION_NAMES)  # usage keys by action card


class Creation(Fields):
    """Area selection and the creation phase, mixed into `PopulousState`."""

    __slots__ = ()

    def _start_turn(self) -> None:
        s = self.active
        self.phase, self.to_move = AREA, s
        self.area = self.action = -1
        self.wild = False
        self.log.append(f"Turn {self.turn_no}: seat {s + 1}.")
        bonus = self.mods[s][E.TURN_FOOD]
        if bonus:
            self.food[s] += bonus
            self.log.append(f"Seat {s + 1} gains {bonus} food at the start of its turn.")
        if self.options.genesis_hand:
            self._playable_genesis(s)
            return
        choices = self.board.area_choices[ALL_DOWN & ~self.down[s]]
        if not choices:
            self.down[s] = 0
            self.log.append(f"Seat {s + 1}'s raised cards name no tile in the world: all its "
                            "genesis cards rise.")
            choices = self.board.area_choices[ALL_DOWN]
        self._legal = choices  # worked out here anyway: `State.legal` keeps them

    def _choose_area(self, s: int, action: Action) -> None:
        kind, x, y = action
        if self.options.genesis_hand:
            self._lower_genesis(s, x)
            self._lower_genesis(s, WILD_CARD if kind == "wild" else y)
        if kind == "wild":
            self.down[s] |= 1 << (x - 1) | 1 << WILD
            self.wild = True
            self._note(s, WILD_USED)
            self.log.append(f"Seat {s + 1} lowers {x} and the wild card as {y}.")
        else:
            self.down[s] |= 1 << (x - 1) | 1 << (y - 1)
            self.log.append(f"Seat {s + 1} lowers {x} and {y}.")
        self.area = self.board.world.tile_of_pair[(x, y) if x < y else (y, x)]
        self.phase = ACTION
        if not self.options.genesis_hand:  # the legal actions, for `State.legal` to keep
            self._legal = self.board.action_choices[ALL_DOWN & ~self.down[s]]

    def _choose_action(self, s: int, action: Action) -> None:
        kind, n = action
        opts = self.options
        if opts.genesis_hand:
            self._lower_genesis(s, WILD_CARD if kind == "wildact" else n)
        where = self.board.pair_names[self.area]
        if kind == "wildact":
            self.down[s] |= 1 << WILD
            self.wild = True
            self._note(s, WILD_USED)
            self.log.append(f"Seat {s + 1} lowers the wild card as {n}: {ACTION_NAMES[n]} "
                            f"in {where}.")
        else:
            self.down[s] |= 1 << (n - 1)
            self.log.append(f"Seat {s + 1} lowers {n}: {ACTION_NAMES[n]} in {where}.")
        self.action = n
        self._note(s, ACTION_NOTES[n])
        self.places, self.free_place, self.drawn = 1, False, 0
        if n == BLESSING:
            self.places = opts.blessing_workers + self.mods[s][E.BLESSING_WORKERS]
            self.free_place = True
        elif n == PROSPERITY:
            self.places = opts.prosperity_places
        elif n == DISASTER:
            self.places = opts.disaster_places
            if opts.disaster_target != "choose":
                self._disaster_roll(s)
            elif any(c >= 0 and not c & 1 for c in self.area_codes()):
                self.phase = REMOVE
                return
        self._begin_place()

    def placeable(self, s: int, free_place: bool) -> list[int]:
        """Empty cells of the area `s` may place a worker on now: any, when placing is
        free of food (Blessing) or `s` can pay; else only its free terrains."""
        if not self.workers[s]:
            return []
        occ, terrain = self.occ, self.board.terrain
        if self.options.isolated_food and not free_place:
            food = self.food[s]
            return [c for c in self.board.tile_cells[self.area]
                    if occ[c] == EMPTY and self.place_cost(s, c) <= food]
        if free_place or self.food[s] >= self.options.placement_food:
            return [c for c in self.board.tile_cells[self.area] if occ[c] == EMPTY]
        free = self.free[s]
        return [c for c in self.board.tile_cells[self.area]
                if occ[c] == EMPTY and free >> terrain[c] & 1]

    def _begin_place(self) -> None:
        """Place workers while there are some to place and a cell to place one on (its
        cells, worked out here, make the legal actions `State.legal` keeps)."""
        if self.places > 0:
            cells = self.placeable(self.to_move, self.free_place)  # type: ignore[arg-type]
            if cells:
                self.phase = PLACE
                self._legal = place_actions(cells)
                return
        self._after_place()

    def place_cost(self, s: int, c: int) -> int:
        """Food to place a worker of `s` on cell `c` (not under Blessing): `placement_food`
        off its free terrains (plains, its aptitude), none on them; with option
        `isolated_food` (「全くつながりのない別エリアへ配置するには4必要」) at least that
        much when the cell touches none of its pieces."""
        opts = self.options
        cost = 0 if self.free[s] >> self.board.terrain[c] & 1 else opts.placement_food
        if opts.isolated_food and not self.touches_own(s, c):
            return max(cost, opts.isolated_food)
        return cost

    def touches_own(self, s: int, c: int) -> bool:
        """A piece of `s` (worker or house) stands on a cell next to `c`."""
        occ = self.occ
        return any(occ[n] >= 0 and occ[n] >> 1 == s for n in self.board.world.adjacent[c])

    def _place(self, s: int, action: Action) -> None:
        c = action[1]
        cost = 0 if self.free_place else self.place_cost(s, c)
        self.occ[c] = s << 1
        self.workers[s] -= 1
        self.places -= 1
        paid = ""
        if cost:
            self.food[s] -= cost
            paid = f", paying {cost} food"
        self.log.append(f"Seat {s + 1} places a worker on {self.board.cell_names[c]}{paid}.")
        self._begin_place()

    def _done(self, s: int, action: Action) -> None:
        if self.phase == PLACE:
            self.places = 0
            self._after_place()
        elif self.phase == DRAW:
            self._creation_end()
        else:  # GRACE: play no card
            self._war_check()

    def _after_place(self) -> None:
        """The rest of the action once its workers are placed."""
        s: int = self.to_move  # type: ignore[assignment]  # a seat while the game goes on
        n, opts = self.action, self.options
        if n == REVELATION and opts.revelation == "fp_per_active_area":
            gain, got = self.active_areas(s), self._draw(s, self.mods[s][E.REVELATION_DRAW])
            self.fp[s] += gain
            self.log.append(f"Seat {s + 1} gains {gain} FP from Revelation"
                            + (f" and draws {got} grace card(s)." if got else "."))
            self._creation_end()
        elif n == REVELATION:
            got = self._draw(s, opts.revelation_draws + self.mods[s][E.REVELATION_DRAW])
            self.log.append(f"Seat {s + 1} draws {got} grace card(s).")
            self.phase = DRAW
            if not self._can_draw_more(s):
                self._creation_end()
        elif n == PROSPERITY:
            if self.houses[s] and (s << 1) in self.area_codes():
                self.phase = BUILD
            else:
                self._prosperity(s)
                self._creation_end()
        elif n == DISASTER:
            gain = opts.disaster_ether_fp + self.mods[s][E.DISASTER_FP]
            if gain:
                self.fp[s] += gain
                self.log.append(f"Seat {s + 1} gains {gain} FP from the disaster.")
            self._creation_end()
        elif n == LABOUR:
            if opts.labour == "food_per_active_area":  # 「基本はFPと同じで、フードが手に入る」
                food, fp = self.active_areas(s), 0
            else:
                food = fp = self._strength(s, opts.worker_yield, opts.house_yield)
            food, fp = food + self.mods[s][E.LABOUR_FOOD], fp + self.mods[s][E.LABOUR_FP]
            self.food[s] += food
            self.fp[s] += fp
            self.log.append(f"Seat {s + 1} gains {food} food and {fp} FP from Labour.")
            self._creation_end()
        else:  # Blessing: nothing more
            self._creation_end()

    def _can_draw_more(self, s: int) -> bool:
        """啓示: one more card per food, at most as many as own workers in the area."""
        own = self.area_codes().count(s << 1)
        return self.drawn < own and self.food[s] >= 1 and bool(self.deck or self.discard)

    def _draw_more(self, s: int, action: Action) -> None:
        self.food[s] -= 1
        self.drawn += 1
        self._draw(s, 1)
        self.log.append(f"Seat {s + 1} pays 1 food to draw another grace card.")
        if not self._can_draw_more(s):
            self._creation_end()

    def active_areas(self, s: int) -> int:
        """「”【創世エリア】に隣接する、自分のワーカー/ハウスの配置されたエリア数”」: the areas
        next to this turn's area that hold a piece of `s` (at most 6, 「最大でも基本は6」)."""
        occ, tile_cells = self.occ, self.board.tile_cells
        return sum(
            1 for t in self.board.world.tile_adjacent[self.area]
            if any(occ[c] >= 0 and occ[c] >> 1 == s for c in tile_cells[t])
        )

    def _disaster_roll(self, s: int) -> None:
        """天災 by dice (option `disaster_target`): 「エリアに存在する全てのワーカーに対して
        サイコロを振り…1を振ったら死ぬ」 (resist_roll: a d6 per worker and vandal, out on a 1)
        or 「エリアの3マスを1〜2、3〜4、5〜6に割ってそこを除去」 (cell_roll: one roll picks a
        cell of the area, here 1 of 7; a worker or vandal there is removed)."""
        cells, occ = self.board.tile_cells[self.area], self.occ
        if self.options.disaster_target == "resist_roll":
            hit = [c for c in cells if occ[c] >= 0 and not occ[c] & 1 and self.rng.die(6) == 1]
        else:
            c = cells[self.rng.die(len(cells)) - 1]
            hit = [c] if occ[c] >= 0 and not occ[c] & 1 else []
            self.log.append(f"The disaster strikes {self.board.cell_names[c]}.")
        for c in hit:
            self._knock_out(s, c)
        if not hit:
            self.log.append("The disaster removes nothing.")

    def _remove(self, s: int, action: Action) -> None:
        self._knock_out(s, action[1])
        self._begin_place()

    def _knock_out(self, s: int, c: int) -> None:
        """A disaster takes the worker (to its owner, who gains FP) or vandal on `c`."""
        code = self.occ[c]
        self.occ[c] = EMPTY
        if code == VANDAL:
            self.vandals -= 1
            self.log.append(f"Seat {s + 1}'s disaster sends the vandal on "
                            f"{self.board.cell_names[c]} to the stock.")
        else:
            owner = code >> 1
            self.workers[owner] += 1
            self.fp[owner] += self.options.disaster_fp
            self.log.append(f"Seat {s + 1}'s disaster returns seat {owner + 1}'s worker from "
                            f"{self.board.cell_names[c]}; seat {owner + 1} gains "
                            f"{self.options.disaster_fp} FP.")

    def _build(self, s: int, action: Action) -> None:
        c = action[1]
        self.occ[c] = s << 1 | 1
        self.workers[s] += 1
        self.houses[s] -= 1
        self._note(s, HOUSE_BUILT)
        self.log.append(f"Seat {s + 1} builds a house on {self.board.cell_names[c]}.")
        self._prosperity(s)
        self._creation_end()

    def _prosperity(self, s: int) -> None:
        base = (self.active_areas(s) if self.options.prosperity_vp == "active_areas"
                else self.presence_vp(s))
        gain = base + self.mods[s][E.PROSPERITY_VP]
        self._gain_vp(s, gain, scoring.PROSPERITY)
        self.log.append(f"Seat {s + 1} scores {gain} VP for Prosperity.")

    def _creation_end(self) -> None:
        """ヴァンダルの配置: a used wild card brings a vandal from the stock onto an empty cell."""
        if self.wild and EMPTY in self.area_codes() and self.vandals < self.options.vandals:
            self.phase, self.to_move = PUT_VANDAL, self.active
        else:
            self._grace_phase()
