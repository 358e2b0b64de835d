from dataclasses import dataclass
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.bots.selectors import is_bot_account
from accounts.members.language import language_cookie_set
from accounts.moderation.middleware import banned_page
from accounts.moderation.models import SanctionKind
from accounts.moderation.sanctions import sanction_in_force
from accounts.profiles.models import name_taken
from accounts.profiles.selectors import member_language
from accounts.profiles.services import profile_update


@dataclass(frozen=True)
class NamedSite:
    """The site as its mails name it: its name, not the host a request came to (without the
    Sites framework allauth would write "Hello from 127.0.0.1:8201!")."""

    name: str
    domain: str


def site_name() -> str:
    return _("Taash")


class AccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]  # allauth ships no types
    """Ties allauth's sign-up and log-in to the member's profile and language."""

    def format_email_subject(self, subject: str) -> str:
        return f"[{site_name()}] {subject}"

    def render_mail(
        self,
        template_prefix: str,
        email: str | list[str],
        context: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> Any:
        site = context.get("current_site")
        domain = getattr(site, "domain", "")
        context = {**context, "current_site": NamedSite(name=site_name(), domain=domain)}
        return super().render_mail(template_prefix, email, context, headers=headers)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """A new username is no member's display name either (``Profile.clean``)."""
        username = super().clean_username(username, shallow=shallow)
        if not shallow and name_taken(username):
            raise ValidationError(_("That name belongs to another member."))
        return username

    def save_user(self, request: HttpRequest, user: User, form: Form, commit: bool = True) -> User:
        user = super().save_user(request, user, form, commit)
        if commit:
            # The language a visitor signs up in is the one they read: keep it.
            profile_update(user=user, language=translation.get_language())
        return user

    def pre_login(self, request: HttpRequest, user: User, **kwargs: Any) -> HttpResponse | None:
        """A banned member is not signed in: told why and until when instead. A bot account
        never signs in (it has no usable password; this holds even if staff gave it one): its
        program plays through the bot API with a token."""
        if is_bot_account(user.pk):
            from allauth.account.internal.stagekit import clear_login
            from django.contrib import messages

            clear_login(request)
            messages.error(
                request,
                _("This is a bot account: it plays through the bot API, never by signing in."),
            )
            return HttpResponseRedirect(reverse("account_login"))
        ban = sanction_in_force(user.pk, SanctionKind.BAN)
        if ban is not None:
            from allauth.account.internal.stagekit import clear_login

            clear_login(request)
            return banned_page(request, ban)
        response: HttpResponse | None = super().pre_login(request, user, **kwargs)
        return response

    def post_login(self, request: HttpRequest, user: User, **kwargs: Any) -> HttpResponse:
        language = member_language(user)
        if language is None:
            answer: HttpResponse = super().post_login(request, user, **kwargs)
            return answer
        # Before the "signed in" message is written, so that it is written in this language.
        translation.activate(language)
        response: HttpResponse = super().post_login(request, user, **kwargs)
        language_cookie_set(response, language)
        return response
