"""Play: every change to a game and every read of one, as its players see it.

The writes (``services``: create, import, move) and the reads (``selectors``),
what a new turn brings (``turns``), takebacks, the table chat, the lobby and its
invitations, seat links and tokens, player names, why a request was refused in
the reader's language (``refusals``), and a player's own mail preferences and
sign-in (``accounts``).
"""
