"""The lab: play thousands of bot games, store the results, and report what they show."""
