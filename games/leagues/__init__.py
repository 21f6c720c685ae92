"""Leagues: a season of one game kind, dealt in rounds of ordinary games.

A league's steps are events of its own stream (``events``); its tables are
split as evenly as the game allows (``dealing``); its standings are a
projection of that stream and its games' results (``standings``); the
services open the sign-up, deal the rounds and decide a round at its deadline
(``services``), and tell each player of his table (``mail``).
"""
