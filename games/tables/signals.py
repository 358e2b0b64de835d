"""Signals the write path sends inside its transaction, for features built on tables (the daily
deal's attempts) to write in the same commit without the tables knowing them.

``match_finished``: a match has just ended; ``locked`` is the ``LockedTable`` (its table, seats,
match and the result just recorded), ``now`` the time it ended.
"""

from django.dispatch import Signal

match_finished = Signal()
