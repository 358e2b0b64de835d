"""The requests views are given, as the middleware leaves them (config/settings.py).

``PageRequest``: any reader's; ``request.htmx`` (django-htmx) says whether htmx asked.
``MemberRequest``: a view's behind ``login_required`` (or ``moderator_required``): its ``user``
is a member, never ``AnonymousUser``, so the view reads ``request.user.pk`` as an ``int``.
Django's own ``HttpRequest`` says ``User | AnonymousUser`` and knows nothing of htmx."""

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class PageRequest(HttpRequest):
    htmx: HtmxDetails


class MemberRequest(PageRequest):
    user: User
