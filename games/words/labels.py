"""What tables show people for the engine's names: variants, house options, action types.

The engine speaks in stable codes (``single_sar``, ``{"type": "ask_trump"}``); these are the
words for them in the reader's language.
"""

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from games.engine.base import HandLabel

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
    "done": _("Draw/Done"),
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

# Events told in words: the fields named in a template fill it; the fields it leaves out are
# shown after it (cards, suits, words), except those in EVENT_QUIET. A "game:type" key is that
# game's own wording. The pages format each kind of field the same way: seats and teams by
# name, outcomes and bids in words, lists of numbers as "7–6" (templatetags, table.js).
EVENT_TEMPLATES = {
    "draw": _("%(chooser)s chooses trump first"),
    "rummy:draw": _("Draw"),
    "deal": _("Deal %(deal)s: %(dealer)s deals"),
    "courtpiece:deal": _("Deal %(deal)s: %(dealer)s deals, %(chooser)s chooses trump"),
    "pitch:deal": _("Hand %(hand)s: %(dealer)s deals"),
    "pass": _("Passed to %(to)s"),
    "luck": _("The luck card sets trump for %(caller)s"),
    "trick": _("Trick %(number)s won by %(winner)s"),
    "pitch:trick": _("Trick won by %(winner)s"),
    "collect": ngettext_lazy(
        "Pile of %(tricks)s trick collected", "Pile of %(tricks)s tricks collected", "tricks"
    ),
    "deal_over": _("Deal %(deal)s over: %(team)s %(kind)s, %(points)s points; tricks %(tricks)s"),
    "rummy:deal_over": _("Deal %(deal)s won by %(winner)s; points %(points)s"),
    "pitcher": _("%(seat)s pitches, bid %(bid)s"),
    "hand_over": _(
        "Hand %(hand)s, trump %(trump)s: %(pitcher)s bid %(bid)s, %(made)s. High %(high)s, "
        "Low %(low)s, "
        "Jack %(jack)s, Game %(game)s; scored %(scored)s, score %(scores)s"
    ),
    "match_over": _("Match over: %(winners)s won"),
    "pitch:match_over": _("Match over after %(hands_played)s hands: %(winners)s won %(ended_by)s"),
    "game_over": _("Game over: %(winners)s won"),
    "unders:play": _("Played %(count)s × %(rank)s %(from)s"),
    "under": _("Turned an under over: %(rank)s, %(playable)s"),
    "burn": ngettext_lazy(
        "Pile of %(cards)s card burned %(why)s; drew %(drew)s",
        "Pile of %(cards)s cards burned %(why)s; drew %(drew)s",
        "cards",
    ),
    "unders:take": ngettext_lazy(
        "Took the pile of %(cards)s card", "Took the pile of %(cards)s cards", "cards"
    ),
    "unders:done": _("Draw/Done: drew %(drew)s"),
    "reshuffle": ngettext_lazy(
        "Open pile shuffled into the deck (%(closed)s card)",
        "Open pile shuffled into the deck (%(closed)s cards)",
        "closed",
    ),
    "drop": ngettext_lazy("Dropped, %(points)s point", "Dropped, %(points)s points", "points"),
    "rejoin": ngettext_lazy("Rejoined at %(score)s point", "Rejoined at %(score)s points", "score"),
    "declare": _("Declared: %(valid)s"),
}
EVENT_QUIET = {
    "rounds",
    "pitcher_team",
    "card_points",
    "points_taken",
    "ranks",
    "team_scores",
    "deals",
    "pile",
    "streak",
    "tens",
    "dealer",
    "seats",
    "scores",
    "reason",
}
# Fields that name a seat, a list of seats, or a team (by its index).
SEAT_FIELDS = {"seat", "winner", "pitcher", "chooser", "caller", "to"}
TEAM_FIELDS = {"team", "high", "low", "jack", "game"}
# Yes/no fields, in words.
FLAG_WORDS = {
    "made": (_("bid made"), _("set back")),
    "playable": (_("it plays"), _("it does not play: pile taken")),
    "valid": (_("a valid show"), _("a wrong show")),
}
NOBODY = _("nobody")
# A count of points a template leaves out (a wrong show's cost), told after it.
POINTS = ngettext_lazy("%(count)s point", "%(count)s points", "count")
# Why a declaration was a wrong show (the engine's ``Verdict.reason_code``, RM-31).
SHOW_REASONS = {
    "not_13_cards": _("(the groups did not hold 13 cards)"),
    "invalid_group": _("(a group was neither a sequence nor a set)"),
    "no_pure_sequence": _("(no pure sequence)"),
    "one_sequence": _("(only one sequence)"),
}

# Values inside actions and events that are words, not cards or numbers.
ACTION_WORDS = {
    "closed": _("from the closed deck"),
    "open": _("from the open pile"),
    "pass": _("pass"),
    "kot": _("kot"),
    "ten": _("by a 10"),
    "four": _("by four of a kind"),
    "hand": _("from the hand"),
    "overs": _("from the overs"),
    "unders": _("from the unders"),
    "four_of_a_kind": _("by four of a kind"),
    # How a Pitch match ended (PI-8, and the house rule's back door).
    "target": _("by reaching the target"),
    "back_door": _("by the back door: the other team fell to minus the target"),
}


# Each bot's name, by its seat (a table's bots are told apart by name, not by seat number),
# written in the reader's script; its level follows it.
BOT_NAMES = [_("Meera"), _("Kabir"), _("Zoya"), _("Arjun"), _("Noor"), _("Dev")]
BOT_LABEL = _("%(name)s, %(level)s bot")
# A bot account's seat (a program plays it through the bot API), with the account's name.
BOT_ACCOUNT_LABEL = _("%(name)s, bot account")


def bot_label(number: int, level: str) -> str:
    """``Kabir, medium bot``: the bot at seat ``number``."""
    return str(BOT_LABEL) % {"name": BOT_NAMES[number % len(BOT_NAMES)], "level": level}


# The notices tables send members (accounts.notices.inbox), by kind.
NOTICE_SENTENCES = {
    "table.rematch": _("%(name)s asks you to play again: the new table is waiting for you."),
}


def isolated(name: str) -> str:
    """A member's name inside a sentence, set apart for the bidirectional algorithm (Unicode's
    first-strong isolate): a Latin name in an Urdu line keeps its brackets the right way round
    and the words around it in their order. ``table.js`` does the same."""
    return f"\u2068{name}\u2069"


def variant_name(game: str, variant: str, options: Mapping[str, object] | None = None) -> str:
    """The variant's name; a table's ``options`` may say how many deals a Deals table plays
    (RM-26; a tournament's plays one per player: issue 31 found "2 deals" over a table of 4)."""
    deals = (options or {}).get("deals")
    # Only rummy's Deals variants are named "deals..." (the engine's codes, RM-26).
    if variant.startswith("deals") and isinstance(deals, int) and deals > 0:
        return DEALS_NAMED % {"count": deals}
    return str(VARIANT_NAMES.get((game, variant), variant))


DEALS_NAMED = ngettext_lazy("Deals, %(count)s deal", "Deals, %(count)s deals", "count")


# Cards as screen readers say them.
RANK_NAMES = {
    "A": _("Ace"),
    "K": _("King"),
    "Q": _("Queen"),
    "J": _("Jack"),
    **{str(number): str(number) for number in range(2, 11)},
}
SUIT_NAMES = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
CARD_NAME = _("%(rank)s of %(suit)s")
JOKER = _("printed joker")
# The word printed across a joker's face, in capitals where the script has them (issue 33).
JOKER_ART = pgettext_lazy("the word printed on a joker card", "JOKER")
FACE_DOWN = _("face-down card")

# What the table page asks of a player, by the first kind of move the server lists.
PROMPTS = {
    "hide": _("Choose a card to lay face down: its suit is trump."),
    "call": _("Choose trump from your first five cards, or pass to your partner."),
    "bid": _("Your bid: the greyed bids are not open to you."),
    "overs": _("Choose four cards to lay face up as your overs, then press the button."),
    "draw": _("Draw from the closed deck or the open pile."),
    "discard": _("Select a card, then discard it or declare."),
    "under": _("Your hand and overs are played: turn over one of your face-down unders."),
    "take": _("Nothing you hold plays on the pile: take the pile."),
    "done": _("End your turn: Draw/Done draws you back up to four cards."),
}

SEAT_STATUSES = {
    "playing": _("playing"),
    "dropped": _("dropped"),
    "wrong_show": _("wrong show"),
    "out": _("out"),
}

# How a deal ended: rummy seats' outcomes, Court Piece's kinds of win.
OUTCOME_NAMES = {
    "won": _("won"),
    "lost": _("lost"),
    "dropped": _("dropped"),
    "wrong_show": _("wrong show"),
    "win": _("won the deal"),
    "kot": _("kot!"),
    "goon_kot": _("goon kot!"),
    "mendikot": _("mendikot!"),
    "whitewash": _("whitewash!"),
    "drawn": _("drawn"),
}

# Where a seat's cards lie, on the result screen and in a replay (``Match.open_hands``).
HAND_LABELS = {
    HandLabel.DEALT: _("As dealt"),
    HandLabel.HELD: _("Hand"),
    HandLabel.OVERS: _("Overs"),
    HandLabel.UNDERS: _("Unders"),
    HandLabel.ASIDE: _("Put aside"),
    HandLabel.FACE_DOWN: _("Face down"),
}
