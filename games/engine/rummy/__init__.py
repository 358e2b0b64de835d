"""13-card Indian Rummy: Points, Pool 101, Pool 201 and Deals (RULES.md, RM-1 .. RM-31).

``validate_declaration`` checks a declaration as laid out; ``hand_points`` is what a losing
hand costs; ``arrange`` proposes the cheapest layout of a hand (the result screen);
``best_show`` the best declaration from 14 cards. For a player's own layout on the page:
``judge_layout`` judges it as laid out, ``best_layout`` is the Sort button's, and
``RummyMatch.drop_cost`` says what a drop would cost now, ``valid_asides`` which card put
aside makes a valid show and ``RummyMatch.wrong_show_cost`` what a wrong one costs.
"""

from games.engine.base import GameRules
from games.engine.registry import register
from games.engine.rummy.formats import FORMATS
from games.engine.rummy.layout import LayoutVerdict, best_layout, judge_layout, valid_asides
from games.engine.rummy.match import (
    DEFAULT_OPTIONS,
    OPTIONAL_OPTIONS,
    RummyMatch,
    RummyResult,
)
from games.engine.rummy.melds import GroupKind, Verdict, classify_group, validate_declaration
from games.engine.rummy.scoring import Arrangement, Show, arrange, best_show, hand_points

RULES = register(
    GameRules(
        name="rummy",
        variants=tuple(FORMATS),
        min_players=2,  # RM-1
        max_players=6,
        create=RummyMatch.start,
        restore=RummyMatch.restore,
        default_options=DEFAULT_OPTIONS,
        optional_options=OPTIONAL_OPTIONS,
        drop_variants=frozenset(name for name, fmt in FORMATS.items() if fmt.drops is not None),
        # RULES.md leaves the way round open for rummy: clockwise, as the rummy rooms play.
        play_direction="left",
    )
)

__all__ = [
    "RULES",
    "Arrangement",
    "GroupKind",
    "LayoutVerdict",
    "RummyMatch",
    "RummyResult",
    "Show",
    "Verdict",
    "arrange",
    "best_layout",
    "best_show",
    "classify_group",
    "hand_points",
    "judge_layout",
    "valid_asides",
    "validate_declaration",
]
