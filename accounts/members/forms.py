from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.profiles.avatars import AVATARS
from accounts.profiles.formats import zone_choices
from accounts.profiles.models import Profile
from accounts.profiles.services import profile_update
from accounts.profiles.zones import zone_listed_as


class ZoneField(forms.ChoiceField):
    """A time zone chosen from the list, labelled in the reader's language (issue 33). The
    labels are places' names, CLDR's in the reader's language, then the zone's IANA name;
    ``translate="no"`` says so (a few places have no Hindi or Urdu name in CLDR)."""

    def __init__(self, *, browser_zone_offered: bool = False, **kwargs: Any) -> None:
        attrs = {"translate": "no"}
        if browser_zone_offered:
            attrs["data-browser-zone"] = ""  # static/js/zone.js chooses the browser's zone
        super().__init__(
            choices=zone_choices,
            widget=forms.Select(attrs=attrs),
            label=_("Time zone"),
            help_text=_("Every time on the site is shown in this zone."),
            error_messages={
                "required": _("Choose your time zone."),
                "invalid_choice": _(
                    "“%(value)s” is not a time zone we know. Choose one from the list."
                ),
            },
            **kwargs,
        )


class AvatarField(forms.ChoiceField):
    """The member's picture at the tables, one of our drawn set (the profile page draws each
    choice), or none: their initials on a colour."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            choices=[("", _("None: my initials on a colour")), *AVATARS.items()],
            widget=forms.RadioSelect(attrs={"class": "avatar-choice"}),
            required=False,
            label=_("Your picture at the tables"),
            error_messages={
                "invalid_choice": _(
                    "“%(value)s” is not one of the pictures offered. Choose one from the list."
                ),
            },
            **kwargs,
        )


class ProfileForm(forms.ModelForm[Profile]):
    avatar = AvatarField()
    time_zone = ZoneField()

    class Meta:
        model = Profile
        fields = ["display_name", "avatar", "language", "time_zone", "ranked_bots_refused"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A zone stored under a name the tz database has since changed shows as chosen.
        self.initial["time_zone"] = zone_listed_as(self.instance.time_zone)


class SignupZoneForm(forms.Form):
    """What allauth's sign-up form asks beyond its own fields (ACCOUNT_SIGNUP_FORM_CLASS): the
    time zone, set to the zone in force (the browser's, once it said) and then to the
    browser's own by static/js/zone.js."""

    time_zone = ZoneField(browser_zone_offered=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.initial["time_zone"] = zone_listed_as(str(timezone.get_current_timezone()))

    def signup(self, request: HttpRequest, user: User) -> None:
        profile_update(user=user, time_zone=self.cleaned_data["time_zone"])


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=settings.LANGUAGES)
