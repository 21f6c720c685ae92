"""Pictures of a position, drawn only from what the reader may see.

The Freibeuter board as SVG drawing instructions and markup for the game page
(``drawing``, ``svg``) and as a text grid and a PNG for emails (``boards``); the
Flußpiraten river for the page and as a PNG (``river``, ``river_png``); the
Seeräuber table as a PNG (``table_png``); and what every PNG shares: palette,
fonts, sprites and the encoding (``png``).
"""
