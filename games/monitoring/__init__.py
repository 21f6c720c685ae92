"""Monitoring: what operators and their tools read about the running service.

The checks behind ``/healthz`` (the database, the broker, the beat's sweeps and
the outbox; ``health``) and the Prometheus figures behind ``/metrics``, read from
the database at scrape time (``metrics``).
"""
