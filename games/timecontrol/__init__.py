"""Time control: each seat's clock, below the store that keeps it as projections.

A game's time control read from its options, and each waited-for seat's own
clock: its deadline, reminder, time bank, weekend pauses and vacations
(``deadlines``). The store's projections apply it in the transaction of every
event, so it imports only the models: the sweep that acts once a deadline has
passed sits far above it, in ``games.interventions``.
"""
