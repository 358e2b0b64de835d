"""The request a view behind ``login_required`` (or ``moderator_required``) is given: its
``user`` is a member, never ``AnonymousUser``, so the view reads ``request.user.pk`` as an
``int``. Django's own ``HttpRequest`` says ``User | AnonymousUser``."""

from django.contrib.auth.models import User
from django.http import HttpRequest


class MemberRequest(HttpRequest):
    user: User
