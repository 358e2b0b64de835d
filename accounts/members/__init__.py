"""Signing up and in, and a member's own pages.

- ``adapter``: django-allauth's hooks: the site's name in its mails, a username that is no
  member's display name, the language a visitor signs up in kept, a banned member refused at
  sign-in (``accounts.moderation``), the member's language applied at sign-in.
- ``views``, ``urls``, ``forms``: the profile page (/accounts/profile/: name, language, their
  ratings and any sanction in force) and the language switch (/accounts/language/);
  ``language``: the cookie that remembers the choice; ``context_processors``: the language
  buttons of every page.

The top of accounts: may import every other package of it (``profiles``, ``moderation``,
``ratings``, ``notices``); no other package imports this one.
"""
