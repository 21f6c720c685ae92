"""The event store: the only source of truth, and the read models kept from it.

Event types and their upcasters (``events``), appending an event with its
projections (``projections``), a game's state as a snapshot plus the events after
it (``loading``) and the state at each game's head kept in the process for the
write path (``kept``), the write path's fixed statements (``rows``), the clock
projections replayed (``clock_replay``) and each event's link in the game's hash
chain (``hashes``).
"""
