"""Mail: which emails a change causes (``notices``), what they say (``turn_content``,
``compose``, ``message``), sending them (``outbox``, ``digest``, ``backend``) and moves by
reply (``inbound``, ``reply_text``)."""
