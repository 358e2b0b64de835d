"""Members: sign-up and sign-in (django-allauth), profiles, languages, ratings.

May import ``config`` (the catalogue, the SQL builder) and ``games.engine``, the pure rules
library (the sides of a game, ``GameRules.partnerships``); nothing else of the games app, which
imports this one.
"""
