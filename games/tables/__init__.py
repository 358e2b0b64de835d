"""Tables and the matches played at them: models, services (every write), selectors (reads),
the plain SQL of a move's hot path, the Celery jobs a move queues, and the news of a change.

May import: ``games.engine``, ``accounts`` (ratings, profiles, the bot accounts' model: a seat
of one is shown as a bot), ``config`` (the catalogue, the SQL builder, the Celery app) and
Django. Never Channels, asgiref, ``games.live``, ``games.web`` or ``games.words``: a service
says what it changed (``news``), the live package turns that into frames.
"""
