"""Turn notices beyond email: the webhooks a player adds to a seat (Discord, Slack, or a JSON
body signed with HMAC-SHA256), each notice a row sent after its event commits, as the
outbox sends emails (``games.notices.delivery``), to an address checked and pinned once
(``games.notices.address``)."""
