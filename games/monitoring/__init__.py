"""Monitoring: the checks behind ``/healthz`` (``health``) and the Prometheus figures behind
``/metrics`` (``metrics``)."""
