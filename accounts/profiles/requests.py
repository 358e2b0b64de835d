"""The requests views are given, as the middleware leaves them (config/settings.py), and who
makes them.

``PageRequest``: any reader's; ``request.htmx`` (django-htmx) says whether htmx asked.
``MemberRequest``: a view's behind ``login_required`` (or ``moderator_required``): its ``user``
is a member, never ``AnonymousUser``, so the view reads ``request.user.pk`` as an ``int``.
Django's own ``HttpRequest`` says ``User | AnonymousUser`` and knows nothing of htmx.
``Reader``: whoever reads a page or holds a socket, a member or a visitor."""

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class PageRequest(HttpRequest):
    htmx: HtmxDetails


class MemberRequest(PageRequest):
    user: User


# Whoever reads a page or holds a socket: a member, or a visitor (Django's AnonymousUser).
Reader = User | AnonymousUser
