"""The pages: views, forms and template tags. A view parses the request, calls one service or
selector, and renders.

May import: ``games.tables`` (services, selectors), ``games.words``, ``games.engine`` and
Django. Never Channels or asgiref.
"""
