"""Bot accounts and personal access tokens (issue 35): the accounts a program plays as, and the
tokens a program shows instead of a password.

- ``models``: ``BotAccount`` (a member's bot, for good: it never signs in by password, it never
  plays by hand) and ``AccessToken`` (named, scoped ``play``/``read``, stored as the SHA-256 of
  its secret, revocable, its last use kept).
- ``services``: making a bot account, making and revoking a token, and knowing a token again
  from its secret (``token_authenticate``).
- ``selectors``: whether an account is a bot, a member's bots and tokens, a bot found by name.
- ``views``, ``urls``: the settings page where a member makes their bots and tokens
  (/accounts/bots/).

May import ``accounts.profiles`` (names), Django; nothing of the games app (the bot API,
``games.botapi``, builds on this), nor ``accounts.members``, which imports this to refuse a bot
account's sign-in by password.
"""
