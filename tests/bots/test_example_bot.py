from pathlib import Path

from soan.bots import make_bot
from soan.bots.match import bot_rngs, play_out

REPOSITORY = Path(__file__).resolve().parents[2]


def test_power_first_example_loads_by_module_and_by_file(monkeypatch):
    monkeypatch.syspath_prepend(str(REPOSITORY))
    by_module = make_bot("examples.power_first:power_first")
    by_file = make_bot(f"{REPOSITORY / 'examples' / 'power_first.py'}:power_first")
    assert by_module.__doc__ == by_file.__doc__
    assert by_module.__name__ == "power_first"


def test_power_first_example_plays_a_game(cityplan, cityplan_content):
    bot = make_bot(f"{REPOSITORY / 'examples' / 'power_first.py'}:power_first")
    plant_chances = []

    def watched(state, rng):
        action = bot(state, rng)
        plants = [a for a in state.legal() if a[0] == "build" and state.cards.is_plant[a[1]]]
        if plants:
            plant_chances.append(action in plants)
        return action

    state = cityplan.new(2, 3, content=cityplan_content)
    state = play_out(state, [watched, make_bot("random")], bot_rngs(3, 2))
    assert state.over
    assert plant_chances and all(plant_chances)
