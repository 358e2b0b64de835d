"""The reminders page's forms: which channels and reasons a member wants, and a browser's push
subscription as the browser gave it (refused, in the reader's language, unless it is JSON with
an https endpoint and its two keys)."""

import json
import re
from typing import Any, cast
from urllib.parse import urlsplit

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.notices.reach import reasons

# What a browser's PushSubscription.toJSON() gives is a few hundred characters.
SUBSCRIPTION_MAX = 4096
ENDPOINT_MAX = 1000
# The keys are base64url (RFC 8291: a 65-byte P-256 point, a 16-byte secret).
KEY = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")


class ReachChoiceForm(forms.Form):
    """The three channels, then one box per reason registered (config/words.py)."""

    site = forms.BooleanField(label=_("On the site (your notices)"), required=False)
    email = forms.BooleanField(label=_("By e-mail"), required=False)
    push = forms.BooleanField(
        label=_("By push notification, on the devices you allow"), required=False
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A box's label needs no colon after it.
        self.label_suffix = ""
        for code, name in sorted(reasons().items()):
            self.fields[f"reason:{code}"] = forms.BooleanField(label=name, required=False)

    def channel_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ("site", "email", "push")]

    def reason_fields(self) -> list[forms.BoundField]:
        return [self[f"reason:{code}"] for code in sorted(reasons())]

    def reasons_off(self) -> list[str]:
        return sorted(code for code in reasons() if not self.cleaned_data[f"reason:{code}"])


def initial_of(*, site: bool, email: bool, push: bool, reasons_off: list[str]) -> dict[str, bool]:
    return {
        "site": site,
        "email": email,
        "push": push,
        **{f"reason:{code}": code not in reasons_off for code in reasons()},
    }


class PushSubscriptionForm(forms.Form):
    subscription = forms.CharField(max_length=SUBSCRIPTION_MAX, strip=False)

    def clean_subscription(self) -> dict[str, str]:
        try:
            value = json.loads(self.cleaned_data["subscription"])
        except ValueError:
            raise forms.ValidationError(
                _("This push subscription is not valid JSON."), code="not_json"
            ) from None
        endpoint = value.get("endpoint") if isinstance(value, dict) else None
        keys = value.get("keys") if isinstance(value, dict) else None
        if not isinstance(endpoint, str) or not isinstance(keys, dict):
            raise forms.ValidationError(
                _("This push subscription has no endpoint or no keys."), code="incomplete"
            )
        parts = urlsplit(endpoint)
        if parts.scheme != "https" or not parts.hostname or len(endpoint) > ENDPOINT_MAX:
            raise forms.ValidationError(
                _("A push subscription's endpoint must be an https address."), code="not_https"
            )
        p256dh, auth = keys.get("p256dh"), keys.get("auth")
        if not all(
            isinstance(key, str) and KEY.match(key) and len(key) <= 200 for key in (p256dh, auth)
        ):
            raise forms.ValidationError(
                _("This push subscription's keys are not what a browser gives."), code="bad_keys"
            )
        # Each of the two was checked to be a str just above.
        return {"endpoint": endpoint, "p256dh": cast(str, p256dh), "auth": cast(str, auth)}


class PushForgetForm(forms.Form):
    endpoint = forms.CharField(max_length=ENDPOINT_MAX)
