"""What the pages show: the reads behind the game page, its history and the dashboard.

The game page's position as the viewer may see it, drawn, with its last move
(``game``); the legal moves as direct controls (``controls``); moves in words
(``describe``); the history, every move in words and the board at any earlier
move (``history``); and the dashboard's lists, from projections only
(``dashboard``). The views in ``games.web`` render them.
"""
