"""Time control: each seat's clock (``deadlines``). The store's projections apply it in the
transaction of every event, so it imports only the models; the sweep that acts once a
deadline has passed sits far above it, in ``games.interventions``."""
