"""Play in the browser: `soan serve` runs tables anyone joins from a link.

A table is a game in progress held by the server: its setup (game, variant, rule
numbers, content, seats), its secret seed and its actions. Clients only ever
receive what one seat may see (`view(seat)` and that seat's legal choices), built
by one function (`messages.seat_message`). Tables live in SQLite as their records
and are replayed when the server starts, so a restart loses nothing.
"""
