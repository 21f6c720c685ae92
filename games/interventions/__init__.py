"""What changes a game's course besides its players' moves.

The sweep the beat runs every minute over games whose deadline has passed:
reminders and the timeout ladder (``sweep``); a player's vacation, a seat
handed to another player or the bot, a paused game resumed and a game decided
before its end (``services``). They play through ``games.play`` and the
emails they cause are written through ``games.mail``; the clock they read is
``games.timecontrol``'s.
"""
