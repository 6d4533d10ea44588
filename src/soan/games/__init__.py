"""One package per draft."""
