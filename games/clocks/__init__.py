"""The clocks: when a seat must have moved, and what happens when it has not.

Time controls and each waited-for seat's own clock (``deadlines``), and the sweep
the beat runs every minute over games whose deadline has passed: reminders, the
timeout ladder, vacations (``timeouts``).
"""
