"""Everything that touches Channels: the sockets' consumers and guards, the fan-out of a
table's news into each socket's own frame, the per-process snapshot cache, the lobby pages'
lists (``lobby``), a table's chat (``chat``), presence, routing.

May import: Channels, asgiref, ``games.tables`` (services, selectors, news), ``games.words``,
``games.engine``, and of ``accounts`` what a socket needs of moderation (whether a member is
banned or a moderator, the news of a ban). Nothing else in the project imports Channels or
asgiref.
"""
