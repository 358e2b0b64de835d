"""Members: who they are, how they come in, what they are rated, how they are moderated, and
what the site tells them. The app's packages, from the ground up; each imports only those
before it (tests/games/test_layers.py holds the order):

- ``profiles``: a member's profile (the name others see, the language they read): the model,
  its reads and its one write. Imports nothing else of accounts.
- ``notices``: what the site tells one member (a sanction and why, a report handled, a
  tournament round that starts): each feature's kinds, sending one in the act's transaction,
  reading them in the reader's language, the notices page; and the one door for reaching a
  member who is not looking (``notices.reach``: the site's notices, e-mail, Web Push).
  May import ``profiles``.
- ``moderation``: who may moderate (roles), sanctions (mutes, bans, play bans), players'
  reports merged into cases, the append-only audit log every staff, organiser and job act
  writes to, the words of all of these, the middleware that ends a banned member's session,
  and the moderators' console for people (/console/). May import ``profiles``, ``notices``.
- ``ratings``: OpenSkill ratings per game (the arithmetic, the one write per finished ranked
  match and its plain SQL, the reads), the leaderboards and a member's player page (whose
  report form posts to ``moderation``). May import ``profiles``, of ``moderation`` its models
  and console view.
- ``bots``: bot accounts (a member's program's account, for good: never signed in by
  password) and personal access tokens (named, scoped, stored hashed, revocable), with their
  settings page (/accounts/bots/). May import ``profiles``.
- ``members``: signing up and in (django-allauth's adapter: a banned member is refused, their
  language applied), a member's own profile page (name, language, their ratings and sanctions
  in force) and the language switch. The top: may import every package above.

``models`` is where Django finds the models, each in its package, and ``tasks`` where Celery
finds the jobs; ``admin``, ``apps`` and the ``moderator`` command stand beside them.

Ratings live here, not with the games: a rating is a member's, shown on their pages and
leaderboards; the tables record a match through one call that takes member ids and ranks
(``ratings.services.ratings_record_match``), so ratings know nothing of tables; and moving the
models to the games app would change their app label (a state-only migration of three models,
their content types and permissions) for no change in the direction of any import.

Of the games app, accounts may import only the rules engine (a game's partnerships, for
``ratings.skill.match_standings``) and its floor: ``games.catalogue``, ``games.news``,
``games.sql``, ``games.converters``. Nothing of ``games.tables``, ``live``, ``web``, ``words`` or
``daily``, which import accounts; nothing of ``tournaments``, Channels or asgiref.
"""
