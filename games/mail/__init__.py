"""Mail: which emails a change causes, what they say, and sending and receiving them.

Which emails a recorded change causes (``notices``), an outbox row composed into
an email from the reader's view (``compose``) with its MIME shape and DKIM
signature (``message``), the outbox's leases and sweep (``outbox``), the daily
digest, moves by reply (``inbound``, reading the reply's line in
``reply_text``), and the embedded default's mail backend (``backend``).
"""
