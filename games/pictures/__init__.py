"""What every game's pictures share: players' marks (``marks``) and the PNG tools (``png``).

Each game draws its own position in its kind package (``games.kinds.<game>``):
SVG for the page, PNG for emails. Here are the seat marks that lists of players
(the dashboard, the game pages) draw with each game's colours, and the palette,
fonts, sprites and encoding that every emailed PNG is made with.
"""
