"""Moderation of people, and the audit log of every act staff, organisers and jobs take.

- ``models``: sanctions, reports and their cases, audit entries (append-only).
- ``roles``: who may moderate (the "moderators" group, permission ``accounts.moderate``).
- ``sanctions``: chat mutes and bans by moderators, play bans from the site's own signals,
  lifting them; each sanction given publishes ``MemberSanctioned`` (``games.news``).
- ``reports``: players' reports merged into one case per member; claim, act, close.
- ``audit``: record an act in its transaction, read the log; each app registers its acts.
- ``words``: moderation's acts, notices and refusals, in the reader's language.
- ``middleware``: a banned member's session ends at their next request.
- ``views``, ``urls``: the moderators' console for people (/console/); the tables' console is
  ``games.web.console``, which uses this package's roles, reports and words.

May import ``accounts.profiles``, ``accounts.notices``, Django and the floor of games
(``games.news``, ``games.converters``); never ``accounts.ratings`` or ``accounts.members``.
"""
