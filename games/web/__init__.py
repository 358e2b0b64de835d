"""The pages: views, forms and template tags. A view parses the request, calls one service or
selector, and renders.

May import: ``games.tables`` (services, selectors), ``games.words``, ``games.engine``,
``games.live.frames`` (the first frame a page draws, as its socket would send it; no Channels
in it), of ``accounts`` its roles, reports and their words (the moderators' console) and
``ratings.selectors`` and ``ratings.skill`` (a result's rating shifts), and Django. Never
Channels or asgiref.
"""
