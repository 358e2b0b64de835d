"""Ratings per game: OpenSkill's Plackett-Luce, updated once per finished ranked match.

- ``skill``: the arithmetic, with no database in sight (and ``match_standings``: a table's
  seats and the engine's ranks as teams and ranks).
- ``models``: a member's rating per game, each change, the count of ratings per point.
- ``services``: ``ratings_record_match``, the one write, in the result's transaction; ``sql``:
  its statements, on ``games.sql``.
- ``selectors``: leaderboards, a member's standing and place, their history.
- ``charts``, ``views``, ``urls``: the leaderboards (/ratings/) and a member's player page
  (/players/), whose report form posts to ``accounts.moderation.views``.

May import ``accounts.profiles``, of ``accounts.moderation`` its models and console view,
Django, the engine (partnerships) and the floor of games (``games.catalogue``, ``games.sql``);
never ``accounts.members``.
"""
