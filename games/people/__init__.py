"""Players: an account per verified address, the results of finished games, ratings, profiles."""
