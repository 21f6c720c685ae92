"""What changes a game's course besides its players' moves: the deadline sweep's reminders and
timeout ladder (``sweep``); a vacation, a seat handed over, a resume and a game decided before
its end (``services``)."""
