"""Play: every change to a game and every read of one, as its players see it.

Writes (``services``), reads (``selectors``, ``tables``), what a new turn brings
(``turns``), takebacks, the table chat, the lobby and its open seats, seat links,
sign-in, mail limits (``recipients``) and refusals in the reader's language.
"""
