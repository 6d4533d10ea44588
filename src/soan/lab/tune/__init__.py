"""Searching rule numbers and content values toward a designer's targets (`soan tune`):
the search, the edits to a content file, and the page."""
