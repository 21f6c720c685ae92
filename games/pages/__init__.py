"""What the shared pages show: the dashboard's lists, from projections only (``dashboard``).

A game's own page and history are its kind's (``games.kinds.<game>``); the
views in ``games.web`` render them.
"""
