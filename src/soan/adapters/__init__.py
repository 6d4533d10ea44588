"""Research adapters: soan's games as PettingZoo, Gymnasium and OpenSpiel games.

An optional room above the bots (`pip install soan[rl]`): nothing in soan imports it,
and each module imports its library only when imported itself.

- `soan.adapters.pettingzoo.env(game_id, players=3, **options)`: an AEC environment;
- `soan.adapters.gymnasium.env(game_id, players=3, opponents="heuristic", **options)`:
  one seat learns, soan bots play the others;
- `import soan.adapters.openspiel` registers ``python_soan_<game_id>`` with pyspiel.

Every adapter reads positions through the game's encoder (docs/encoding.md): the
observation is `game.encoder.observe(state, seat)`, the actions are the encoding's
fixed index, and a seat's reward is its share of the win. docs/researchers.md says more.
"""
