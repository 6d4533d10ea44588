"""Area selection and the creation phase: 1:エリア選択 (lower two genesis cards) and
2:創世フェイズ (lower a third for an action, place workers, carry the action out, then
a vandal if the wild card was used)."""

from __future__ import annotations

from soan.engine.core import Action
from soan.games.populous import effects as E
from soan.games.populous import scoring
from soan.games.populous.board import ALL_DOWN, WILD, Board
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
)
from soan.games.populous.options import Options

WILD_USED, HOUSE_BUILT = "wild card", "house"  # rule branches the lab counts


class Creation:
    """Area selection and the creation phase, mixed into `PopulousState`."""

    __slots__ = ()

    seats: int
    options: Options
    board: Board
    log: list[str]
    phase: int
    to_move: int | None
    active: int
    turn_no: int
    area: int  # this turn's tile, -1 before it is chosen
    action: int  # this turn's action card, -1 before it is chosen
    wild: bool  # the wild card was lowered this turn
    places: int  # workers the action may still place
    free_place: bool  # placing costs no food (Blessing)
    drawn: int  # extra cards drawn this Revelation
    occ: list[int]
    down: list[int]  # each seat's lowered genesis cards, a mask (see `board.WILD`)
    mods: list[E.Mods]
    free: list[int]  # each seat's terrains settled for free, a mask
    workers: list[int]
    houses: list[int]
    food: list[int]
    fp: list[int]
    vandals: int
    deck: list[int]
    discard: list[int]

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
        if not self.board.area_choices[ALL_DOWN & ~self.down[s]]:
            self.down[s] = 0
            self.log.append(f"Seat {s + 1}'s raised cards name no tile in the world: all its "
                            "genesis cards rise.")

    def _choose_area(self, s: int, action: Action) -> None:
        kind, x, y = action
        if kind == "wild":
            self.down[s] |= 1 << (x - 1) | 1 << WILD
            self.wild = True
            self._note(s, WILD_USED)
            self.log.append(f"Seat {s + 1} lowers {x} and the wild card as {y}.")
        else:
            self.down[s] |= 1 << (x - 1) | 1 << (y - 1)
            self.log.append(f"Seat {s + 1} lowers {x} and {y}.")
        self.area = self.board.world.tile_of_pair[(min(x, y), max(x, y))]
        self.phase = ACTION

    def _choose_action(self, s: int, action: Action) -> None:
        kind, n = action
        opts = self.options
        if kind == "wildact":
            self.down[s] |= 1 << WILD
            self.wild = True
            self._note(s, WILD_USED)
            self.log.append(f"Seat {s + 1} lowers the wild card as {n}: {ACTION_NAMES[n]} "
                            f"in {self.area_pair()}.")
        else:
            self.down[s] |= 1 << (n - 1)
            self.log.append(f"Seat {s + 1} lowers {n}: {ACTION_NAMES[n]} in {self.area_pair()}.")
        self.action = n
        self._note(s, f"action:{ACTION_NAMES[n]}")
        self.places, self.free_place, self.drawn = 1, False, 0
        if n == BLESSING:
            self.places = opts.blessing_workers + self.mods[s][E.BLESSING_WORKERS]
            self.free_place = True
        elif n == DISASTER and any(c >= 0 and not c & 1 for c in self.area_codes()):
            self.phase = REMOVE
            return
        self._begin_place()

    def placeable(self, s: int, free_place: bool) -> list[int]:
        """Empty cells of the area `s` may place a worker on now: any, when placing is
        free of food (Blessing) or `s` can pay; else only its free terrains."""
        if not self.workers[s]:
            return []
        occ, terrain = self.occ, self.board.terrain
        if free_place or self.food[s] >= self.options.placement_food:
            return [c for c in self.board.tile_cells[self.area] if occ[c] == EMPTY]
        free = self.free[s]
        return [c for c in self.board.tile_cells[self.area]
                if occ[c] == EMPTY and free >> terrain[c] & 1]

    def _begin_place(self) -> None:
        if self.places > 0 and self.placeable(self.to_move, self.free_place):
            self.phase = PLACE
        else:
            self._after_place()

    def _place(self, s: int, c: int) -> None:
        self.occ[c] = s << 1
        self.workers[s] -= 1
        self.places -= 1
        paid = ""
        if not self.free_place and not self.free[s] >> self.board.terrain[c] & 1:
            self.food[s] -= self.options.placement_food
            paid = f", paying {self.options.placement_food} food"
        self.log.append(f"Seat {s + 1} places a worker on {self._cell(c)}{paid}.")
        self._begin_place()

    def _done(self, s: int) -> None:
        if self.phase == PLACE:
            self.places = 0
            self._after_place()
        elif self.phase == DRAW:
            self._creation_end()
        else:  # GRACE: play no card
            self._war_check()

    def _after_place(self) -> None:
        """The rest of the action once its workers are placed."""
        s, n, opts = self.to_move, self.action, self.options
        if n == REVELATION:
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
            count = self._strength(s, opts.worker_yield, opts.house_yield)
            food, fp = count + self.mods[s][E.LABOUR_FOOD], count + self.mods[s][E.LABOUR_FP]
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

    def _draw_more(self, s: int) -> None:
        self.food[s] -= 1
        self.drawn += 1
        self._draw(s, 1)
        self.log.append(f"Seat {s + 1} pays 1 food to draw another grace card.")
        if not self._can_draw_more(s):
            self._creation_end()

    def _remove(self, s: int, c: int) -> None:
        code = self.occ[c]
        self.occ[c] = EMPTY
        if code == VANDAL:
            self.vandals -= 1
            self.log.append(f"Seat {s + 1}'s disaster sends the vandal on {self._cell(c)} "
                            "to the stock.")
        else:
            owner = code >> 1
            self.workers[owner] += 1
            self.fp[owner] += self.options.disaster_fp
            self.log.append(f"Seat {s + 1}'s disaster returns seat {owner + 1}'s worker from "
                            f"{self._cell(c)}; seat {owner + 1} gains "
                            f"{self.options.disaster_fp} FP.")
        self._begin_place()

    def _build(self, s: int, c: int) -> None:
        self.occ[c] = s << 1 | 1
        self.workers[s] += 1
        self.houses[s] -= 1
        self._note(s, HOUSE_BUILT)
        self.log.append(f"Seat {s + 1} builds a house on {self._cell(c)}.")
        self._prosperity(s)
        self._creation_end()

    def _prosperity(self, s: int) -> None:
        gain = self.presence_vp(s) + self.mods[s][E.PROSPERITY_VP]
        self._gain_vp(s, gain, scoring.PROSPERITY)
        self.log.append(f"Seat {s + 1} scores {gain} VP for Prosperity.")

    def _creation_end(self) -> None:
        """ヴァンダルの配置: a used wild card brings a vandal from the stock onto an empty cell."""
        if self.wild and EMPTY in self.area_codes() and self.vandals < self.options.vandals:
            self.phase, self.to_move = PUT_VANDAL, self.active
        else:
            self._grace_phase()
