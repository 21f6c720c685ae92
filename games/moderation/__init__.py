"""Moderation: what moderators may do to keep a match fair, and the record of it.

The moderator actions, each one transaction that appends an event with the
moderator and reason (``actions``); one request from the moderation page, the
admin or the API turned into one of them (``requests``); and the reads for
moderators: the audit of every action and a game's omniscient summary (``audit``).
"""
