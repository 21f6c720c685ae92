"""The REST API under ``/api/`` (DRF, documented with drf-spectacular)."""
