"""The site's PostgreSQL backend (``ENGINE = "freibeuter_site.db"``): Django's, with a health
check that asks the server only when the connection's socket says something happened,
timestamps parsed by psycopg's own (C) loader, each transaction's ``BEGIN`` sent with its
first statement, and the writes of ``games.store.repository``'s changes sent with the
statement after them."""
