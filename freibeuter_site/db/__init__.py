"""The site's PostgreSQL backend (``ENGINE = "freibeuter_site.db"``): Django's, with a health
check that asks the server only when the connection's socket says something happened,
timestamps parsed by psycopg's own (C) loader, and each transaction's ``BEGIN`` sent with its
first statement."""
