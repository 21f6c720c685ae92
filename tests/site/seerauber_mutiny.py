"""A Seeräuber opening that leads to a mutiny, for the page and browser tests (rules §6).

Anne (red), Bart (blue) and Cleo (green) build one stack until Anne
captains seven pirates, three of them Bart's: at the start of Anne's next
turn Bart is asked whether he mutinies, and after his mutiny Anne must board
with that stack.
"""

from __future__ import annotations

NAMES = ("Anne", "Bart", "Cleo")
OPENING = (
    ("Anne", "stack R2 on B2"),
    ("Bart", "stack B3 on R2"),
    ("Cleo", "stack G2 on B3"),
    ("Anne", "stack R3 on G2"),
    ("Bart", "stack B4 on R3"),
    ("Cleo", "stack G3 on R4"),
    ("Anne", "stack R5 on B4"),
    ("Bart", "stack B5 on G3"),
    ("Cleo", "stack G4 on B5"),
)
"""Moves in seat order; after them Bart is asked about a mutiny in Anne's stack ``R5``."""
MUTINY = "mutiny R5"
