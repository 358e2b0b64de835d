"""Everything that touches Channels: the sockets' consumers and guards, the fan-out of a
table's news into each socket's own frame, the per-process snapshot cache, the lobby pages'
lists (``lobby``), presence, routing.

May import: Channels, asgiref, ``games.tables`` (services, selectors, news), ``games.words``
and ``games.engine``. Nothing else in the project imports Channels or asgiref.
"""
