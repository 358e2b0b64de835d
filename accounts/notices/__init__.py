"""What the site tells one member, kept until read.

- ``models``: the ``Notice`` row: a kind, its values, a link; how a member wants to be reached
  (``ReachChoice``), their browsers' push subscriptions, and the key of each send (``Reached``).
- ``inbox``: each feature's kinds of notice (registered from its ``AppConfig.ready``), sending
  one or many in the transaction of the act, reading them in the reader's language, marking
  them read; ``MemberNoticed`` is published (``games.news``).
- ``reach``: the one door for reaching a member who is not looking: a reason goes to every
  channel they allowed (these notices, e-mail, Web Push) by idempotent Celery jobs; its
  docstring is the whole API. ``push`` sends Web Push (the site's VAPID key, a subscription
  gone at its push service dropped); ``choices`` keeps a member's choices and subscriptions.
- ``views``, ``urls``, ``forms``: the notices page (/accounts/notices/) and the reminders page
  (/accounts/reminders/: channels, reasons, this browser's push subscription);
  ``context_processors``: the unread count in every page's menu.

May import ``accounts.profiles``, Django, Celery's ``shared_task``, ``pywebpush`` and
``games.news``; nothing else of accounts.
"""
