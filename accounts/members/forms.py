from django import forms
from django.conf import settings

from accounts.profiles.models import Profile


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["display_name", "language"]


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=settings.LANGUAGES)
