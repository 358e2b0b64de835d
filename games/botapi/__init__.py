"""The bot API (issue 35): a program plays a seat over HTTP, seeing only what that seat sees.

Every endpoint is under /api/ and answers JSON; each refusal is ``{"type": "error", "code",
"message"}`` (the message in the reader's language, from Accept-Language) with its HTTP status,
and changes nothing. A request carries a token (``accounts.bots``) as a Bearer header.

- ``refusals``: ``ApiRefusal`` and the words of its codes.
- ``guard``: the token of a request (scopes, a bot account to play), the rate per token, the
  open streams per account, a request body parsed with the sockets' caps.
- ``models``: ``Invitation``, a member's invitation of a bot account to a seat of their table.
- ``services``: inviting a bot by name, and the bot's answer (accepting takes the seat with
  the table's own service, ``games.tables.services.table_seat_take``).
- ``views``, ``urls``: the endpoints: the account, its event stream, a table's stream for the
  bot's own seat (both ``games.live.streams``, fed by the hub the sockets use), a move
  (``table_move_apply``, exactly as a person's), a quick phrase, leaving, the answer to an
  invitation; the page that documents them (/api/).
- ``reference``: what that page says of each game, read from the engine: its variants and the
  keys of its frames' views.
- ``invite``: the table page's form with which a member invites a bot by name.
- ``queue``: the ranked queue for bot accounts: joining, leaving, answering a table formed
  (the queue's own services, ``games.ranked.services``), and what their streams are told of
  it; why a bot account is rated as a member is.

May import: ``games.tables`` (models, services, selectors, refusals, news), ``games.ranked``
(services, news), ``games.frames``,
``games.words``, the engine, the floor, ``games.live.streams`` and ``games.live.guards`` (the
streams and the sockets' caps, with no Channels in this package), ``accounts.bots`` and
``accounts.profiles``; never Channels or asgiref, ``games.web``, ``games.daily``,
``tournaments`` or ``accounts.members``. Nothing imports it: the URLs and ``config`` alone.
"""
