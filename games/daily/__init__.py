"""The daily deal (issue 21): one deal a day per game, the same cards and the same bots for
everyone, one attempt per member, a leaderboard per day, and rotation by staff.

- ``days``: the site's day (midnight Asia/Kolkata) and its bounds.
- ``plans``: what each game's daily deal is (variant, seats, bot levels, options) and how an
  attempt is scored.
- ``models``: ``DailyDeal`` (one current per game and day; a rotated one keeps its place,
  ``replaced_at``), ``Attempt`` (one per member, game and day) and ``VisitorTry`` (a
  visitor's unranked try, one per session's key, game and day: never scored or ranked).
- ``services``: generation (the beat job), attempts and visitors' tries (a table made through
  ``games.tables.services``), scoring when the table's match ends (the live boards told),
  rotation (audit log), and the sweep of visitors' tries left behind.
- ``selectors``: the day's deal, leaderboards with the reader's own place, past days, streaks.

Imports ``games.tables`` (services, models, seeds, signals), the engine, ``accounts`` (the
audit log, notices) and Django; never Channels, asgiref, ``live``, ``web`` or ``words``.
"""
