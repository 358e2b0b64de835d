from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.bots.models import Scope


class BotForm(forms.Form):
    name = forms.CharField(
        label=_("Bot's name"),
        max_length=20,
        help_text=_("3 to 20 letters, digits, - or _. It cannot be changed."),
    )


class TokenForm(forms.Form):
    account = forms.ChoiceField(label=_("For the account"))
    name = forms.CharField(label=_("Token's name"), max_length=40)
    scopes = forms.MultipleChoiceField(
        label=_("It may"),
        choices=Scope.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[Scope.PLAY, Scope.READ],
    )

    def __init__(self, *args: Any, accounts: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["account"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = accounts
