"""The review: every question in a designer's notes answered by an experiment (docs/review.md)."""
