"""What tables show people for the engine's names: variants, house options, action types.

The engine speaks in stable codes (``single_sar``, ``{"type": "ask_trump"}``); these are the
words for them in the reader's language.
"""

from django.utils.translation import gettext_lazy as _

VARIANT_NAMES = {
    ("rummy", "points"): _("Points"),
    ("rummy", "pool101"): _("Pool 101"),
    ("rummy", "pool201"): _("Pool 201"),
    ("rummy", "deals2"): _("Deals, 2 deals"),
    ("rummy", "deals3"): _("Deals, 3 deals"),
    ("courtpiece", "single_sar"): _("Single Sar"),
    ("courtpiece", "hidden"): _("Hidden trump"),
    ("courtpiece", "double_sar"): _("Double Sar"),
    ("courtpiece", "be_ranga"): _("Be-Ranga"),
    ("courtpiece", "mendikot"): _("Mendikot"),
    ("pitch", "standard"): _("Standard"),
    ("unders", "classic"): _("Classic"),
}

# The house options a table may set, per game. Options left out keep the engine's default.
OPTION_LABELS = {
    ("rummy", "rejoin"): _("Pool: an eliminated player may rejoin once"),
    ("courtpiece", "target"): _("Won deals that win the match"),
    ("courtpiece", "kot_value"): _("Won deals a kot counts for"),
    ("courtpiece", "change_cards"): _("House feature: change cards"),
    ("courtpiece", "change_trump"): _("House feature: change trump"),
    ("courtpiece", "first_pair_not_tricks_1_2"): _(
        "Double Sar: tricks 1 and 2 cannot collect the first pile"
    ),
    ("courtpiece", "ace_pair_does_not_collect"): _(
        "Double Sar: a pair won with an Ace does not collect"
    ),
    ("courtpiece", "last_trick_takes_rest"): _("Double Sar: the last trick takes what is left"),
    ("courtpiece", "hidden_trump"): _("Double Sar: trump set by a face-down card"),
    ("pitch", "target"): _("Points that win the match"),
    ("pitch", "low_rule"): _("Low goes to"),
    ("pitch", "dealer_can_match_kot"): _("The dealer may match a kot"),
    ("pitch", "back_door"): _("A team set back to minus the target loses"),
}

OPTION_CHOICES = {
    ("pitch", "low_rule"): [
        ("won", _("the team that wins the lowest trump")),
        ("dealt", _("the team that was dealt the lowest trump")),
    ],
}

ACTION_NAMES = {
    "play": _("Play"),
    "draw": _("Draw"),
    "discard": _("Discard"),
    "declare": _("Declare"),
    "drop": _("Drop"),
    "deal": _("Deal"),
    "rejoin": _("Rejoin"),
    "stay_out": _("Stay out"),
    "bid": _("Bid"),
    "call": _("Call trump"),
    "hide": _("Hide trump"),
    "pass": _("Pass"),
    "luck": _("Turn the luck card"),
    "ask_trump": _("Ask for trump"),
    "reveal": _("Reveal trump"),
    "next_deal": _("Next deal"),
    "change_cards": _("Change cards"),
    "keep_cards": _("Keep cards"),
    "change_trump": _("Change trump"),
    "keep_trump": _("Keep trump"),
    "overs": _("Lay overs"),
    "under": _("Play an under"),
    "take": _("Take the pile"),
    "done": _("Done"),
}

# The engine's public events beyond its actions (a move's events say what happened).
EVENT_NAMES = {
    **ACTION_NAMES,
    "trick": _("Trick won"),
    "collect": _("Pile collected"),
    "burn": _("Pile burned"),
    "trump": _("Trump"),
    "trump_set": _("Trump set"),
    "trump_shown": _("Trump shown"),
    "pitcher": _("Pitcher"),
    "reshuffle": _("Open pile shuffled into the deck"),
    "out": _("Out of cards"),
    "eliminated": _("Eliminated"),
    "hand_over": _("Hand over"),
    "deal_over": _("Deal over"),
    "match_over": _("Match over"),
    "game_over": _("Game over"),
}

# Values inside actions that are words, not cards or numbers.
ACTION_WORDS = {
    "closed": _("from the closed deck"),
    "open": _("from the open pile"),
    "pass": _("pass"),
    "kot": _("kot"),
}


def variant_name(game: str, variant: str) -> str:
    return str(VARIANT_NAMES.get((game, variant), variant))
