from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine import GAMES
from games.engine.base import GameRules
from games.tables.models import BotLevel
from games.words.labels import OPTION_CHOICES, OPTION_LABELS, variant_name

PERSON = ""
SEAT_CHOICES = [(PERSON, _("a person")), *BotLevel.choices]
SEAT_PREFIX = "player_"
OPTION_PREFIX = "option_"
# What people may choose; the services accept shorter clocks (tests use them).
TURN_SECONDS = (5, 300)
PAUSE_SECONDS = 10  # a deal's result stays up this long by default (issue 22)


class TableForm(forms.Form):
    """A new table of one game: its seats, clock, house options and who may come.

    One seat field per seat the game can have; only the first ``seat_count`` are used. The
    house options are the game's own (``games.words.labels.OPTION_LABELS``), typed by their default.
    """

    variant = forms.ChoiceField(label=_("Variant"))
    seat_count = forms.TypedChoiceField(label=_("Seats"), coerce=int)
    turn_seconds = forms.IntegerField(
        label=_("Seconds per turn"),
        initial=30,
        min_value=TURN_SECONDS[0],
        max_value=TURN_SECONDS[1],
    )
    max_timeouts = forms.IntegerField(
        label=_("Timeouts in a row before a player is replaced or dropped"),
        initial=2,
        min_value=1,
        max_value=10,
    )
    bot_delay_seconds = forms.FloatField(
        label=_("Seconds a bot waits before it moves"), initial=1.0, min_value=0, max_value=10
    )
    pause_seconds = forms.IntegerField(
        label=_("Seconds a deal's result stays up (unless everyone is ready sooner)"),
        initial=PAUSE_SECONDS,
        min_value=0,
        max_value=60,
        required=False,
    )
    private = forms.BooleanField(
        label=_("Private: only people with the invite link may come"), required=False
    )
    allow_spectators = forms.BooleanField(
        label=_("Spectators may watch"), required=False, initial=True
    )
    ranked = forms.BooleanField(label=_("Ranked"), required=False)

    def __init__(self, game: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        rules = GAMES[game]
        # Both are ChoiceFields (above): their choices are the game's.
        variant = cast(forms.ChoiceField, self.fields["variant"])
        variant.choices = [(v, variant_name(game, v)) for v in rules.variants]
        counts = sorted({n for v in rules.variants for n in range(*_inclusive(rules, v))})
        cast(forms.ChoiceField, self.fields["seat_count"]).choices = [(n, n) for n in counts]
        self.fields["seat_count"].initial = counts[0] if len(counts) == 1 else 4
        for number in range(counts[-1]):
            self.fields[seat_field(number)] = forms.ChoiceField(
                label=_("Seat %(number)s") % {"number": number + 1},
                choices=SEAT_CHOICES,
                required=False,
                # A quick game against bots by default: the maker in seat 1, bots elsewhere.
                initial=PERSON if number < 1 else BotLevel.MEDIUM,
            )
        for name, default in rules.default_options.items():
            field = _option_field(game, name, default)
            if field is not None:
                self.fields[option_field(name)] = field

    def clean_pause_seconds(self) -> int:
        """Left empty: the default pause."""
        value = self.cleaned_data.get("pause_seconds")
        return PAUSE_SECONDS if value is None else value

    def bot_levels(self) -> list[str]:
        count = self.cleaned_data["seat_count"]
        return [self.cleaned_data[seat_field(number)] for number in range(count)]

    def options(self) -> dict[str, Any]:
        return {
            name: self.cleaned_data[option_field(name)]
            for name in GAMES[self.game].default_options
            if option_field(name) in self.fields
        }

    # The form's parts, as its page lays them out.
    def game_fields(self) -> list[forms.BoundField]:
        return [self["variant"], self["seat_count"]]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(SEAT_PREFIX)]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(OPTION_PREFIX)]

    def company_fields(self) -> list[forms.BoundField]:
        names = ("turn_seconds", "max_timeouts", "bot_delay_seconds", "pause_seconds", "private")
        return [self[name] for name in (*names, "allow_spectators", "ranked")]


def seat_field(number: int) -> str:
    return f"{SEAT_PREFIX}{number}"


def option_field(name: str) -> str:
    return f"{OPTION_PREFIX}{name}"


def _inclusive(rules: GameRules, variant: str) -> tuple[int, int]:
    low, high = rules.player_range(variant)
    return low, high + 1


def _option_field(game: str, name: str, default: object) -> forms.Field | None:
    label = OPTION_LABELS.get((game, name))
    if label is None:
        return None
    if isinstance(default, bool):
        return forms.BooleanField(label=label, required=False, initial=default)
    if isinstance(default, int):
        return forms.IntegerField(label=label, initial=default, min_value=1, max_value=99)
    return forms.ChoiceField(label=label, initial=default, choices=OPTION_CHOICES[(game, name)])
