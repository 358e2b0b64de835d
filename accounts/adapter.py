from allauth.account.adapter import DefaultAccountAdapter
from django.utils import translation

from accounts.language import language_cookie_set
from accounts.selectors import member_language
from accounts.services import profile_update


class AccountAdapter(DefaultAccountAdapter):
    """Ties allauth's sign-up and log-in to the member's profile and language."""

    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit)
        if commit:
            # The language a visitor signs up in is the one they read: keep it.
            profile_update(user=user, language=translation.get_language())
        return user

    def post_login(self, request, user, **kwargs):
        language = member_language(user)
        if language is None:
            return super().post_login(request, user, **kwargs)
        # Before the "signed in" message is written, so that it is written in this language.
        translation.activate(language)
        response = super().post_login(request, user, **kwargs)
        language_cookie_set(response, language)
        return response
