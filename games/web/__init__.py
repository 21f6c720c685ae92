"""Server-rendered pages: the game page, history, dashboard, lobby and invitations, mail
settings, sign-in and my games, moderation, the inbound-mail webhook and /dev/mail/."""
