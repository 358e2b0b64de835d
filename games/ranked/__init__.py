"""The ranked queue (issue 32): members wait for a ranked match of one game, format and seat
count; a pass every two seconds forms tables of the nearest ratings, the allowed gap widening
as they wait; each member of a formed table accepts within 20 seconds, and the match is dealt
when all have.

- ``matching``: which of the waiting form tables together, pure Python (no database).
- ``models``: a member's place in a queue (``QueueEntry``) and a table formed from it and not
  yet accepted by all (``QueueOffer``).
- ``services``: joining, leaving, staying seen, the forming pass, accepting and declining.
- ``news``: tables formed and dealt with bot accounts among their members, for the bot API's
  event streams (``config/subscribers.py``).
- ``selectors``: what the queue page says: how many wait (never who), the estimated wait, the
  member's gap.

May import ``games.tables`` (models, services, selectors), of ``accounts`` the ratings' models
and skill, the moderation's sanctions (a play ban), the bot accounts' model (a bot account's
entry) and the profiles' model and news (a member's refusal of bots in ranked), the floor of
``games`` and Django. Never
Channels, asgiref, ``games.live``, ``games.web`` or ``games.words``; ``games.tables`` never
imports it.
"""
