"""The site's PostgreSQL backend (``ENGINE = "freibeuter_site.db"``): Django's, with a health
check that asks the server only when the connection's socket says something happened, and
timestamps parsed by psycopg's own (C) loader."""
