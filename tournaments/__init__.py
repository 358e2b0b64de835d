"""Tournaments: weekend Pool 101, Pool 201 and Deals rummy events, many tables, one winner
(issue 19).

A tournament table is an ordinary ``games.Table`` with a round attached (``RoundTable``),
made and played through ``games.tables.services`` like any other. What each part may import
(tests/games/test_layers.py): ``services``, ``selectors`` and ``tasks`` import
``games.tables`` (models, services, news), of ``accounts`` the audit log
(``moderation.audit``), ``notices.inbox``, ``notices.reach`` (reminders) and
``ratings.models``, the site's way of writing times (``profiles.formats``; never its pages
or ``members``), the Celery app (``config.celery``), the floor of ``games`` (``news``) and the
engine's rummy formats; ``web`` imports the services and selectors, ``games.catalogue``,
``games.converters``, Django and ``icalendar`` (the calendar feeds); ``templatetags`` the
selectors (a member's record, the next tournament for the home and game pages); a weekly
series (``Series``, ``services.series``) is made with ``dateutil``'s rrule; ``apps``
registers the live page with ``games.live.pages``.
Never Channels, asgiref, ``games.live``'s sockets, ``games.web`` or ``games.words``; and
``games.tables`` never imports ``tournaments``: it learns nothing of them. They learn of a
finished match from its event: ``MatchFinished`` is published by the move that ended it, and
``config/subscribers.py`` lists ``tasks.round_check_queue`` for it, which queues
``tasks.tournament_round_check``; the check ends the round when every table is settled and
seats the next (``services.rounds``).
"""
