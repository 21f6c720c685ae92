"""Moderation: the moderator actions (``actions``), one request turned into one of them
(``requests``), and the reads for moderators: the audit and a game's omniscient summary
(``audit``)."""
