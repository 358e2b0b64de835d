"""The games app: the four card games and the live tables they are played at.

Its packages, each with its concern, and what each may import (tests/games/test_layers.py
checks it):

- ``engine``: the rules and the bots, pure Python. Imports nothing of Django, Channels,
  Celery or asgiref, nor anything else of the app (it also runs in the browser).
- The floor, four modules every app builds on (``accounts`` too, which sits below the rest of
  this app): ``catalogue`` (the four games as the site presents them), ``news`` (the one door
  from a write to everything that reacts to it: ``publish(event)``, the reactions listed in
  ``config/subscribers.py``), ``sql`` (the one way plain SQL is
  written), ``converters`` (row ids in URLs and frames). Each imports Django at most, and the
  catalogue the engine; nothing else of any app.
- ``tables``: the models, the one write path (services), the reads (selectors), the plain SQL
  of the hot path, the jobs a move queues. Imports the engine, the floor, Django and Celery's
  app, and of ``accounts``, downward, only its services, reads and models:
  ``profiles.models`` (names, in the move's SQL), ``bots.models`` (a bot account's seat is shown
  as a bot, in the same SQL), ``ratings`` (``skill``, ``services``,
  ``models``: a ranked result recorded in its transaction, the ranked queue's gap),
  ``moderation`` (``roles``, ``sanctions``, ``reports``, ``audit``, ``models``: who may act,
  mutes and play bans, a report from a table, the audit of every act) and
  ``notices.inbox``; never an accounts page nor ``accounts.members``. Never Channels, asgiref,
  ``live``, ``web`` or ``words``. A service publishes what it did (``tables.news``: a
  table changed, a match finished, a bot's turn due, a chat line) through ``news`` and knows
  nothing of sockets, jobs or what is built on tables.
- ``frames``: every frame a seat, a spectator, a replay or the offline table sees, typed, built
  by one pure builder from what the caller read (``TableFacts``) and the match; a rummy
  layout's answer. Imports the engine and ``words``; nothing else of the app, nothing of Django
  but the translation (it runs in the browser too).
- ``words``: what the tables say to people, in their language (names, refusals, the words of
  moves). Imports the engine and Django's translation; nothing of ``tables``, ``live``, ``web``.
- ``live``: everything that touches Channels: consumers, socket guards, the fan-out of
  events into frames (``live.fanout``, listed in ``config/subscribers.py``), live pages (their
  kinds listed in ``config/pages.py``), the per-process snapshot cache, presence, routing, and
  ``live.server``, Daphne with a frame cap that ends in a close code (the command that serves
  the site). Imports ``tables`` (services, selectors, news), ``frames``, ``words``, the engine,
  the floor
  and of ``accounts`` the moderation a socket needs (bans, roles).
- ``daily``: the daily deal: generation, attempts (tables made through ``tables``' services),
  scores, leaderboards, rotation. Imports ``tables``, the engine and ``accounts`` (the audit
  log); never Channels, asgiref, ``live``, ``web`` or ``words``.
- ``ranked``: the ranked queue (issue 32): joining, the forming pass, accepting a formed
  table, what the queue page says. Imports ``tables`` (models, services, selectors), of
  ``accounts`` the ratings' models and skill, what ``tables`` reads of moderation, the bot
  accounts' model and the profiles' model and news (who is a bot, who refuses bots), the
  floor and Django; never Channels, asgiref, ``live``, ``web``, ``words`` or ``daily``; and
  ``tables`` never imports it.
- ``botapi``: the bot API (issue 35): /api/ endpoints where a program plays a bot account's
  seat with a token (``accounts.bots``), its moves through ``tables``' services as a
  person's, its streams ``live.streams``, its place in a ranked queue through ``ranked``'s
  services. Imports ``tables``, ``ranked``, ``frames``, ``words``, the engine, the floor, of
  ``live`` only ``streams`` and ``guards``' caps, and ``accounts.bots``; never Channels,
  asgiref, ``web``, ``daily`` or tournaments; nothing imports it but the URLs and ``config``.
- ``web``: views, forms and template tags: parse a request, call one service or selector,
  render; and ``web.unavailable``, the site's 503 page when Redis does not answer. Imports
  ``tables``, ``daily``, ``ranked``, ``words``, ``frames``, the engine, the floor, and of
  ``live`` only ``live.frames`` (a page draws its first frame as the socket would send it, from
  the snapshot the socket reads); never Channels.
- ``offline``: the offline table against bots, run in the browser by Pyodide. Imports the
  engine, ``words``, ``frames``, and of Django only its translation (in
  the browser a stand-in, ``offline.translation``). ``offline.build`` packs it for the browser.
- ``tasks`` (Celery: bot turns, clocks, the daily deals, the ranked queues' pass) calls
  ``tables``', ``daily``'s and ``ranked``'s services, and queues a bot's turn on
  ``BotTurnDue``; ``models`` is where Django finds ``tables``' models.
"""
