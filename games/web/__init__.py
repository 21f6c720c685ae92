"""Server-rendered pages (the full game page with its board comes with the web issue)."""
