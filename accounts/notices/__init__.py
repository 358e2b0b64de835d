"""What the site tells one member, kept until read.

- ``models``: the ``Notice`` row: a kind, its values, a link.
- ``inbox``: each feature's kinds of notice (registered from its ``AppConfig.ready``), sending
  one or many in the transaction of the act, reading them in the reader's language, marking
  them read; ``MemberNoticed`` is published after the commit (``games.news``).
- ``views``, ``urls``: the notices page (/accounts/notices/); ``context_processors``: the
  unread count in every page's menu.

May import ``accounts.profiles``, Django and ``games.news``; nothing else of accounts.
"""
