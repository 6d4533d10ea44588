"""1,000 seeded random games with invariants after every action, replay, hidden
information under redeal, illegal actions, and the lab's contract (first_player,
faction, usage, uses, action_kind)."""

import json

import pytest

from soan.engine.core import IllegalAction
from soan.engine.record import Record, replay
from soan.engine.rng import Rng
from soan.games.undecim import codes as K
from soan.games.undecim.codes import BITS
from tests.games.undecim.helpers import GAME, action_places, new, resource_counts, to_phase

ALL_ACTIONS = list(range(1, 12))


def options_for(seed: int) -> dict:
    """Spread the random games over the variants and modules too."""
    return {
        "module_dark": seed % 3 == 0, "module_storm": seed % 4 == 0, "module_gold": seed % 5 == 0,
        "fief": seed % 7 == 0, "giver_chooses": seed % 6 == 0,
        "land_rule": ("kinds", "pairs", "per_card")[seed % 3], "moon_counters": 10 + 2 * (seed % 2),
    }


def test_thousand_random_games_keep_every_invariant():
    rounds = []
    for seed in range(1000):
        state = new(3 + seed % 2, seed, **options_for(seed))
        every_card = resource_counts(state)
        rng = Rng(seed)
        cap = state.options.moon_counters
        while not state.over:
            state.play(rng.choice(state.legal()))
            # every card in exactly one place; counters 0..cap
            assert resource_counts(state) == every_card
            assert action_places(state) == ALL_ACTIONS
            assert 0 <= state.counters <= cap
            assert min(state.front) >= 0 and min(state.hand) >= 0 and min(state.fresh) >= 0
            for s in range(state.seats):  # protected cards are cards in front
                front = state.front[K.W * s: K.W * s + K.FRESH]
                assert all(map(int.__le__, state.fresh[K.FRESH * s: K.FRESH * (s + 1)], front))
        assert state.round_no == 5 and len(state.winners()) == 1  # the tie-break decides
        assert sum(state.scores()) >= 0
        rounds.append(len(state.history))
    assert 60 < sum(rounds) / len(rounds) < 200


def play_random(seats: int, seed: int, **options):
    state = new(seats, seed, **options)
    rng = Rng(seed)
    while not state.over:
        state.play(rng.choice(state.legal()))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_replaying_a_record_reproduces_the_same_game(seed, tmp_path):
    state = play_random(3 + seed % 2, seed, **options_for(seed))
    content_hash = GAME.content_hash(state.content)
    record = Record.of(state, "default", content_hash, ["random"] * state.seats, seed)
    path = tmp_path / "game.json"
    record.save(path)
    again = replay(Record.load(path), GAME, state.content, content_hash)
    assert again.view(None) == state.view(None) and again.log == state.log
    assert again.usage() == state.usage()


def test_a_corrupt_record_names_the_first_bad_action(tmp_path):
    state = play_random(4, 3)
    content_hash = GAME.content_hash(state.content)
    record = Record.of(state, "default", content_hash, ["random"] * 4, 3)
    data = json.loads(record.to_json())
    data["actions"][9] = ["play", 99]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(Exception, match="action 10"):
        replay(Record.load(path), GAME, state.content, content_hash)


@pytest.mark.parametrize("seed", range(16))
def test_a_view_is_unchanged_by_redeal(seed):
    # hands, the deck, hidden picks (G4), removed awards, the face-down action cards (3 seats)
    rng = Rng(seed)
    state = new(3 + seed % 2, seed, **options_for(seed))
    while not state.over:
        for seat in range(state.seats):
            dealt = state.redeal(seat, Rng(seed * 31 + seat))
            assert dealt.view(seat) == state.view(seat)
            assert dealt.legal() == state.legal() or state.to_move != seat
        state.play(rng.choice(state.legal()))


def test_redeal_really_deals_anew_what_the_seat_cannot_see():
    state = new(3, 4)
    to_phase(state, K.PICK)
    state.play(state.legal()[0])
    state.play(state.legal()[0])  # seats 1 and 2 have picked, seat 3 to pick
    hidden_picks, hands, decks, secrets, removed = set(), set(), set(), set(), set()
    for n in range(40):
        other = state.redeal(2, Rng(n))
        assert other.picks[2] == 0 and other.hands[2] == state.hands[2]
        assert other.hand[34:] == state.hand[34:]  # seat 3's own resource hand
        assert sorted(resource_counts(other)) == sorted(resource_counts(state))
        assert action_places(other) == ALL_ACTIONS
        for s in (0, 1):
            assert other.hands[s] & ~other.secret[s] == state.hands[s] & ~state.secret[s]
            assert other.picks[s] in BITS[other.hands[s]]
        hidden_picks.add(tuple(other.picks))
        hands.add(tuple(other.hand[:34]))
        decks.add(tuple(other.deck))
        secrets.add((other.aside, *other.secret[:2]))
        removed.add(tuple(other.removed))
        assert other.history == [] and not any(other.usage())
    assert len(hidden_picks) > 1 and len(hands) > 1 and len(decks) > 1 and len(secrets) > 1


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    rng = Rng(7)
    state = new(4, 7, module_dark=True)
    while not state.over:
        before = (json.dumps(state.view(None)), list(state.hand), list(state.front),
                  list(state.history), state.rng.state, list(state.hands))
        for bad in [("play", 12), ("play", 0), ("land", 40), ("settle", 0, 1, 2, 3),
                    ("develop", 99, 0), ("take", 9), ("moon", 99), ("nonsense",), ("done", 1)]:
            if bad not in state.legal():
                with pytest.raises(IllegalAction):
                    state.play(bad)
        assert (json.dumps(state.view(None)), list(state.hand), list(state.front),
                list(state.history), state.rng.state, list(state.hands)) == before
        state.play(rng.choice(state.legal()))
    with pytest.raises(IllegalAction, match="the game is over"):
        state.play(("done",))


def test_usage_names_every_card_played_award_and_branch_and_only_declared_keys():
    keys_seen: dict[str, int] = {}
    for seed in range(40):
        opts = options_for(seed)
        state = play_random(3 + seed % 2, seed, **opts)
        declared = set(GAME.usage_keys(state.content, GAME.options(**opts)))
        for counts in state.usage():
            assert set(counts) <= declared
            played = sum(n for k, n in counts.items() if k.startswith("card:"))
            assert played == 5  # one action card each round
            assert counts.get("bonus:land", 0) + counts.get("bonus:resource", 0) + counts.get(
                "bonus:enemy", 0) + counts.get("bonus:gold", 0) == 5
            for key, n in counts.items():
                keys_seen[key] = keys_seen.get(key, 0) + n
        assert state.first_player == 0 and state.faction(0) is None
    for key in ("settle", "develop", "gold", "night", "night:enemies won", "enemy",
                "land bonus", "land bonus:set", "mulligan", "gold:boost", "tie-break"):
        assert keys_seen.get(key), key
    assert any(k.startswith("award:") for k in keys_seen)


def test_uses_names_the_keys_an_action_adds():
    rng = Rng(3)
    state = new(4, 3)
    checked = 0
    while not state.over:
        action = rng.choice(state.legal())
        before = {k: n for k, n in state.usage()[state.to_move].items()}
        mover = state.to_move
        promised = state.uses(action)
        state.play(action)
        after = state.usage()[mover]
        for key in promised:
            assert after.get(key, 0) > before.get(key, 0), (action, key)
            checked += 1
    assert checked > 20


def test_action_kinds_are_in_the_games_words():
    rng = Rng(5)
    state = new(4, 5)
    kinds = set()
    while not state.over:
        action = rng.choice(state.legal())
        kinds.add(state.game.presenter.action_kind(state, action))
        state.play(action)
    assert {"act", "done"}.isdisjoint(kinds)
    assert kinds & set(state.tables.card_name[1:])  # action cards by their names
    assert {"settle", "take an action card"} <= kinds
