import pytest

from soan.bots import BOTS, BotSpecError, make_bot, random_bot
from soan.bots.heuristic import heuristic_bot
from soan.bots.ismcts import Ismcts


def test_named_bots_are_registered():
    assert make_bot("random") is random_bot
    assert make_bot("heuristic") is heuristic_bot
    assert {"random", "heuristic", "ismcts"} <= set(BOTS)


def test_ismcts_options_come_from_the_spec():
    bot = make_bot("ismcts:time=1.5:rollout=heuristic:depth=0:c=1.2:scale=4:widen=0")
    assert isinstance(bot, Ismcts)
    assert (bot.seconds, bot.rollout, bot.depth, bot.c, bot.scale, bot.widen) == (
        1.5, "heuristic", 0, 1.2, 4.0, 0.0,
    )
    assert make_bot("ismcts:iters=500").iters == 500
    assert make_bot("ismcts").rollout == "random"
    learned = make_bot("ismcts:eval=learned:models=/nowhere")
    assert learned.rollout == "none" and learned.learned.models == "/nowhere"
    assert make_bot("ismcts").reuse is True
    assert make_bot("ismcts:reuse=false").reuse is False
    assert make_bot("ismcts:reuse=0").reuse is False
    assert make_bot("ismcts:reuse=yes").reuse is True


@pytest.mark.parametrize(
    "spec",
    [
        "nobody",
        "ismcts:iters",
        "ismcts:=3",
        "ismcts:rollout=psychic",
        "ismcts:iters=0",
        "ismcts:scale=0",
        "ismcts:widen=-1",
        "ismcts:speed=9",
        "ismcts:reuse=maybe",
        "heuristic:depth=2",
        "random:x=1",
        "soan.no_such_module:Bot",
        "soan.bots:NoSuchBot",
        "soan.bots:random_bot:x=1",
        "soan.bots.ismcts:Ismcts:speed=9",
        "no_such_bot_file.py:Bot",
    ],
)
def test_bad_specs_name_the_spec(spec):
    with pytest.raises(BotSpecError) as error:
        make_bot(spec)
    assert repr(spec) in str(error.value)


def test_an_unknown_option_lists_the_ones_the_bot_takes():
    with pytest.raises(BotSpecError, match=r"unknown option tme .* it takes iters, time"):
        make_bot("ismcts:tme=1")
    with pytest.raises(BotSpecError, match="it takes no options"):
        make_bot("random:depth=2")
    with pytest.raises(BotSpecError, match=r"unknown option depth .* it takes turn"):
        make_bot("heuristic:depth=2")
