"""What each content item is worth, by restricted play (`soan value`): the paired runs,
the worth of each item, and its page."""
