"""Pure rules engines of the pirate games: no framework, no I/O, no clock, no global random."""
