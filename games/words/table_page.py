"""The words the table page's script shows, in the reader's language: its one word list
(``json_script`` ``table-strings``), for labels and prompts it puts on the page itself. What
moves and events say is not here: the server tells them (``games.words.moves``) and the frames
carry the text.
"""

from collections.abc import Callable, Iterable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.words.labels import (
    ACTION_NAMES,
    ACTION_WORDS,
    BOT_ACCOUNT_LABEL,
    BOT_LABEL,
    BOT_NAMES,
    HAND_LABELS,
    OUTCOME_NAMES,
    PROMPTS,
    SEAT_STATUSES,
    SUIT_NAMES,
)
from games.words.layout import KIND_LABELS


def table_page_words(
    *, bot_levels: Iterable[tuple[str, object]], table_statuses: Iterable[tuple[str, object]]
) -> dict[str, object]:
    """The word list;
    ``bot_levels`` and ``table_statuses`` are the bots' levels and the
       table's statuses with their names (the models' choices)."""
    return {
        "actions": _words(ACTION_NAMES),
        "words": _words(ACTION_WORDS),
        "bot_levels": _words(dict(bot_levels)),
        "table_statuses": _words(dict(table_statuses)),
        "seat": _("Seat %(number)s"),
        "hand_labels": {str(label): str(words) for label, words in HAND_LABELS.items()},
        "bot_names": [str(name) for name in BOT_NAMES],
        "bot_label": str(BOT_LABEL),
        "bot_account_label": str(BOT_ACCOUNT_LABEL),
        "you": _("you"),
        "empty": _("empty"),
        "waiting_for_player": _("waiting for a player"),
        "stand_in": _("a bot plays for now"),
        "left": _("left the match: a bot plays"),
        "away": _("away"),
        "your_turn": _("Your turn"),
        "waiting_for": _("Waiting for"),
        "seconds_left": _("%(seconds)s s left"),
        "over": _("The match is over."),
        "connecting": _("Connecting…"),
        "reconnecting": _("Connection lost: reconnecting…"),
        "no_moves": _("Nothing to do now."),
        "back": _("I am back"),
        "cancel": _("Cancel"),
        "selected": _("%(count)s selected"),
        "to_move": _("to move"),
        "dealer": _("dealer"),
        "team": _("Team %(number)s"),
        "scores": _("Scores"),
        "match_started": _("The match has started"),
        "sound_on": _("Sound: on"),
        "sound_off": _("Sound: off"),
        "vibrate_on": _("Vibrate on my turn: on"),
        "vibrate_off": _("Vibrate on my turn: off"),
        "prompts": _words(PROMPTS),
        "suits": _words(SUIT_NAMES),
        "kinds": {kind.value: str(label) for kind, label in KIND_LABELS.items()},
        "statuses": _words(SEAT_STATUSES),
        "outcomes": _words(OUTCOME_NAMES),
        "cards_count": _plural(lambda n: ngettext("%(count)s card", "%(count)s cards", n), "count"),
        "group": _("Group"),
        "move_here": _("Move the selected cards into this group"),
        "new_group_drop": _("Drop a card here for a new group"),
        "closed_deck": _("Deck: %(count)s"),
        "open_pile": _("Open pile: %(count)s"),
        "wild_joker": _("Wild joker"),
        "sort": _("Sort"),
        "group_selected": _("Group selected"),
        "declare_aside": _("Declare, putting the selected card aside"),
        "declare_hint": _("Select the card to put aside, then declare."),
        "drop_cost": _plural(
            lambda n: ngettext(
                "Drop (costs %(points)s point)", "Drop (costs %(points)s points)", n
            ),
            "points",
        ),
        "declare_valid": _("Declare: a valid show"),
        "declare_wrong": _("Declare (not a valid show)"),
        "confirm_wrong_show": _plural(
            lambda n: ngettext(
                "This is not a valid show: declaring it now is a wrong show, and costs you "
                "%(points)s point. Declare anyway?",
                "This is not a valid show: declaring it now is a wrong show, and costs you "
                "%(points)s points. Declare anyway?",
                n,
            ),
            "points",
        ),
        "declare_anyway": _("Declare anyway"),
        "confirm_drop": _plural(
            lambda n: ngettext(
                "Drop out of this deal? It costs you %(points)s point.",
                "Drop out of this deal? It costs you %(points)s points.",
                n,
            ),
            "points",
        ),
        "drop_now": _("Drop"),
        "keep_playing": _("Keep playing"),
        "ready": _("Ready for the next deal"),
        "ready_done": _("Ready: waiting for the others"),
        "next_deal_in": _("The next deal in %(seconds)s s"),
        "is_ready": _("ready"),
        "join_rematch": _("Join the rematch"),
        "eliminated": _(
            "You are out of this Pool game. Watch it to the end, or go back to the lobby."
        ),
        "watch_on": _("Watch"),
        "to_lobby": _("Back to the lobby"),
        "notify_ask": _("Notify me when it is my turn"),
        "turn_of": _("%(seat)s to move"),
        "last_deal": _("Last deal"),
        "points": _plural(lambda n: ngettext("%(points)s point", "%(points)s points", n), "points"),
        "ungrouped": _("Ungrouped"),
        "trump": _("Trump"),
        "face_down_by": _("laid face down by %(seat)s"),
        "not_yet": _("not chosen yet"),
        "trick_won_by": _("Won by %(seat)s"),
        "won_trick": _("won it"),
        "team_tricks": _plural(
            lambda n: ngettext(
                "Team %(number)s: %(tricks)s trick", "Team %(number)s: %(tricks)s tricks", n
            ),
            "tricks",
        ),
        "of_target": _("of %(target)s"),
        "deal_outcome": _("Team %(team)s: %(outcome)s, %(points)s points"),
        "pitcher_bid": _("%(seat)s bid %(bid)s"),
        "bid": _("Bid"),
        "points_names": {
            "high": _("High"),
            "low": _("Low"),
            "jack": _("Jack"),
            "game": _("Game"),
        },
        "hand_summary": _("Hand %(number)s"),
        "made": _("bid made"),
        "set_back": _("set back"),
        "scored": _("Scored"),
        "pile_count": _("Pile: %(count)s"),
        "burned": _("Burned: %(count)s"),
        "cp": {
            "pass": _("Pass to your partner, %(seat)s"),
            "luck": _("Let the luck card decide"),
            "change_cards": _("Change cards: five fresh ones, once a deal"),
            "keep_cards": _("Keep these cards"),
            "keep_trump": _("Keep trump"),
            "ask_trump": _("Show trump: you cannot follow suit"),
            "reveal": _("Reveal your face-down trump before you lead"),
            "house_feature": _("House feature"),
            "change_trump_to": _("Change trump to:"),
            "your_face_down": _("your face-down card: trump once shown"),
            "prompt_change_hidden": _(
                "House feature: choose another of your first five in your hand to lay face "
                "down instead, or keep the face-down card."
            ),
            "prompt_change_suit": _(
                "House feature: change trump to another suit you hold, or keep it."
            ),
            "prompt_keep_trump": _("Trump is set: keep it to start the play."),
            "prompt_ask_trump": _(
                "You cannot follow suit: play any card, or ask for the trump to be shown."
            ),
            "prompt_reveal": _("Your lead: play a card, or first reveal your face-down trump."),
        },
        "your_overs": _("Your overs"),
        "your_unders": _("Your unders"),
        "under_number": _("Face-down under %(number)s"),
        "unders_play": _(
            "Select one card, or several of one rank, then press Play. Once your hand is "
            "empty, play from your overs."
        ),
    }


def _plural(forms: Callable[[int], str], key: str) -> dict[str, str]:
    """A line with a count in it (``forms``: its ``ngettext`` call, written out where the
    catalogue's extraction finds it), both forms for the script (``Taash.cards.format`` picks one
    by ``values[key]``): the one form for 1, the other for any other number, as the
    ``Plural-Forms`` of every catalogue here says (``n != 1``, tests/locale checks it)."""
    one, other = forms(1), forms(2)
    return {"one": one, "other": other, "count": key}


def _words(names: Mapping[str, object]) -> dict[str, str]:
    return {key: str(text) for key, text in names.items()}
