"""Hidden Unders (RULES.md section 4): registered as ``GAMES["unders"]``.

Choices where the rules leave it open (or say nothing), for the game's rules page:

- HU-1: one deck for two to four players, two decks for five or six.
- HU-2: seat 0 (the player after the dealer) leads; each player lays the four overs at the start
  of their own first turn, then plays on in that turn.
- HU-4, HU-5, HU-9: a burn from the hand or the overs earns the replay; an under that burns the
  pile does not, since unders go one a turn (HU-9): the turn passes and the next seat starts
  the new pile.
- HU-6: the pile may be taken only when nothing can be played (an explicit ``take`` move).
- HU-9: an unplayable under takes the pile and the turn passes at once, without Draw/Done.
- HU-11: the others rank by the cards they still hold (hand, overs, unders), fewer first;
  equal counts share a place. ``scores`` are those counts.
- Burned cards are set aside face down: views count them and never show them.
- Actions: ``overs`` (four cards), ``play`` (one or more cards of one rank), ``under`` (an index
  into the seat's remaining unders, blind), ``take`` and ``done`` (Draw/Done).
"""

from games.engine.base import GameRules
from games.engine.registry import register
from games.engine.unders.match import VARIANT, Deal, UndersMatch

__all__ = ["RULES", "Deal", "UndersMatch"]

RULES = register(
    GameRules(
        name="unders",
        variants=(VARIANT,),
        min_players=2,
        max_players=6,
        create=UndersMatch.new,
        restore=UndersMatch.from_json,
        # RULES.md leaves the way round open for Hidden Unders: clockwise, as most tables play.
        play_direction="left",
    )
)
