"""What the tables say to people, in the reader's language: the names of variants, options,
moves and events, refusals, cards as screen readers say them.

May import: ``games.engine`` (its codes) and Django's translation. Nothing that reads or
writes the database.
"""
