"""What every game's pictures share: players' marks (``marks``) and the PNG tools (``png``).

Each game draws its own position, SVG for the page and PNG for emails, in its kind package.
"""
