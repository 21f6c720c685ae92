"""The clocks' sweep: what happens when a seat has not moved by its deadline.

The sweep the beat runs every minute over games whose deadline has passed:
reminders, the timeout ladder, vacations and a seat's replacement
(``timeouts``). It plays through ``games.play`` and writes its emails through
``games.mail``; the clock it reads is ``games.timecontrol``'s.
"""
