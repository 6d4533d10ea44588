from collections import Counter

from soan.bots import random_bot
from soan.engine.rng import Rng
from tests.bots.bot_positions import random_position


def test_random_bot_is_seeded(cityplan, cityplan_content):
    state = random_position(cityplan, 2, 1, 40, cityplan_content)
    first = [random_bot(state, Rng(5)) for _ in range(5)]
    rng_a, rng_b = Rng(9), Rng(9)
    assert [random_bot(state, rng_a) for _ in range(30)] == [
        random_bot(state, rng_b) for _ in range(30)
    ]
    assert len(set(first)) == 1


def test_random_bot_is_uniform_over_legal_actions(cityplan, cityplan_content):
    state = cityplan.new(2, 3, content=cityplan_content)
    legal = state.legal()
    rng = Rng(11)
    counts = Counter(random_bot(state, rng) for _ in range(3000))
    assert set(counts) == set(legal)
    expected = 3000 / len(legal)
    assert all(abs(n - expected) < 0.1 * expected for n in counts.values())
