"""Learned evaluations, one per rule set: self-play training (`train`), the model and
its cache (`model`), and the `soan train` command (`cli`).

`model` imports neither bots nor training, so the learned bot can load models without
an import circle; `train` plays games with the bots.
"""
