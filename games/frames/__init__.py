"""Every frame a table sends, built once for everyone who reads one: a seat's socket, a
spectator, a replay's step, the offline table in the browser, and (through the same functions)
any other stream of a seat's view. Pure: no database, no clock, no sockets; the caller reads the
table and says what time it is (sealed or not, paused until when), and this package says what
each seat may see of it.

- ``shapes``: the frames' types (``StateFrame``, ``ReplayFrame``, ``ErrorFrame``,
  ``PongFrame``, ``SeatJson``, ``ToldMove``, ``PublicMove``).
- ``state``: ``TableFacts`` (what a frame says of the table, whoever reads it),
  ``state_frame(facts, match, seat)`` and ``replay_frame(facts, match, steps)``.
- ``told``: ``told_move(move, game, language, key)``, a move's public events in the reader's
  words, told once per table, revision and language.
- ``arrange``: the answer to a rummy player's layout of their own hand (RM-28).

Hidden information: a seat's frame carries ``match.view(seat)`` (or its sealed form) and that
seat's legal actions only, never another seat's cards; a spectator (``seat`` None) gets the
public view and no actions.

May import: ``games.engine`` and ``games.words`` (Django's translation only), nothing else of
Django: games.offline.build packs this package for the browser.
"""
