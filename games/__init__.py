"""The games app: the four card games and the live tables they are played at.

Its packages, each with its concern, and what each may import (tests/games/test_layers.py
checks it):

- ``engine``: the rules and the bots, pure Python. Imports nothing of Django, Channels,
  Celery or asgiref, nor anything else of the app (it also runs in the browser).
- ``tables``: the models, the one write path (services), the reads (selectors), the plain SQL
  of the hot path, the jobs a move queues. Imports the engine, ``accounts`` (ratings, names),
  Django and Celery's app; never Channels, asgiref, ``live``, ``web`` or ``words``. A service
  publishes what it changed after its commit (``tables.news``) and knows nothing of sockets.
- ``words``: what the tables say to people, in their language (names, refusals, the words of
  moves). Imports the engine and Django's translation; nothing of ``tables``, ``live``, ``web``.
- ``live``: everything that touches Channels: consumers, socket guards, the fan-out of
  ``tables.news`` into frames, the per-process snapshot cache, presence, routing. Imports
  ``tables`` (services, selectors, news), ``words``, the engine and of ``accounts`` the
  moderation a socket needs (bans, roles).
- ``daily``: the daily deal: generation, attempts (tables made through ``tables``' services),
  scores, leaderboards, rotation. Imports ``tables``, the engine and ``accounts`` (the audit
  log); never Channels, asgiref, ``live``, ``web`` or ``words``.
- ``web``: views, forms and template tags: parse a request, call one service or selector,
  render. Imports ``tables``, ``daily``, ``words``, the engine, and of ``live`` only
  ``live.frames`` (a page draws its first frame as the socket would send it); never Channels.
- ``offline``: the offline table against bots, run in the browser by Pyodide. Imports the
  engine, ``words``, of ``live`` only ``live.arrange``, and of Django only its translation (in
  the browser a stand-in, ``offline.translation``).
- ``tasks`` (Celery: bot turns, clocks, the daily deals) calls ``tables``' and ``daily``'s
  services; ``models`` is where Django
  finds ``tables``' models.
"""
