"""Everyone can play (issue 30, point 7), in Debian's Chromium through the live stack: to a
screen reader the hand is a list of its cards by name in the reader's language (Hindi, Urdu):
a list box, each card an option named, say, "हुकुम का बादशाह", a card lifted "selected";
rummy's, whose groups carry their own buttons, a toolbar of named groups of toggle buttons
(one Tab stop, the arrow keys between its buttons), a card lifted "pressed"; the cards no move
uses marked unavailable on the player's turn. Each move, the player's own and the bots', is
said in words in that language through the page's live region. Rummy, whose hand is laid out
in groups (RM-28), and Court Piece."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.support import launched, my_turn, page_only, play_one_move, seated

pytestmark = page_only

# Devanagari for Hindi, Arabic script for Urdu: a line said in the reader's language.
SCRIPTS = {"hi": ("\u0900", "\u097f"), "ur": ("\u0600", "\u06ff")}


def card_name(code: str, language: str) -> str:
    """A card's name as the server writes it for ``language`` (games.words.labels)."""
    from games.engine.cards import rank_of, suit_of
    from games.words.labels import CARD_NAME, RANK_NAMES, SUIT_NAMES

    with translation.override(language):
        return str(CARD_NAME) % {
            "rank": RANK_NAMES[rank_of(code)],
            "suit": SUIT_NAMES[suit_of(code)],
        }


def in_script(text: str, language: str) -> bool:
    low, high = SCRIPTS[language]
    return any(low <= letter <= high for letter in text)


@pytest.mark.parametrize(("game", "language"), [("rummy", "hi"), ("courtpiece", "ur")])
def test_the_hand_is_named_card_by_card_and_each_move_is_said_in_the_readers_language(
    live_stack, page_log, game, language
):
    table, session = seated(game)
    with launched(live_stack, page_log) as pages:
        page = pages.open(session, table, language)
        assert my_turn(page)
        cards = page.locator("#hand .card-button")
        codes = [card.get_attribute("data-card") or "" for card in cards.all()]
        # 13 cards, or the first five while this seat chooses trump (CP-3: the deal waits).
        assert len(codes) in (5, 13) if game == "courtpiece" else len(codes) == 13
        title = page.locator("#hand-title").inner_text()
        if game == "rummy":
            # Rummy's hand holds its groups' own "move here" buttons, which a list box may not
            # hold: a toolbar named "Your hand" (ARIA Authoring Practices' toolbar) of named
            # groups, each card a toggle button; one of its buttons (not thirteen cards and
            # the groups' buttons) in the Tab order, the arrow keys to the others.
            hand = page.get_by_role("toolbar", name=title, exact=True)
            role = "button"
            assert page.locator("#hand button[tabindex='0']").count() == 1
            page.locator("#hand button[tabindex='0']").focus()
            page.keyboard.press("Home")
            first_group = page.locator("#hand .group-label").first
            expect(first_group).to_be_focused()
            page.keyboard.press("ArrowRight")
            expect(page.locator("#hand .group").first.locator(".card-button").first).to_be_focused()
        else:
            # A list box named "Your hand", each card an option by its name, and one card (not
            # thirteen) in the Tab order (ARIA Authoring Practices' listbox).
            hand = page.get_by_role("listbox", name=title, exact=True)
            role = "option"
            assert page.locator("#hand .card-button[tabindex='0']").count() == 1
        expect(hand).to_have_count(1)
        for code in codes:
            if code == "PJ":  # the printed joker is named by its own word
                continue
            named = hand.get_by_role(role, name=card_name(code, language), exact=True)
            expect(named.first).to_be_attached()
        if game == "rummy":
            # A card tapped is lifted, and a reader hears it pressed; tapped again, let go.
            first = page.locator("#hand .card-button").first
            first.click()
            expect(first).to_have_attribute("aria-pressed", "true")
            first.click()
            expect(first).to_have_attribute("aria-pressed", "false")
        # On the player's turn, cards no move uses are unavailable to a reader too.
        assert cards.evaluate_all(
            "(cards) => cards.every((card) => card.classList.contains('dimmed')"
            " === (card.getAttribute('aria-disabled') === 'true'))"
        )
        page.evaluate(
            """() => {
                window.__said = [];
                const region = document.getElementById("move-announce");
                new MutationObserver(() => window.__said.push(region.textContent))
                    .observe(region, {childList: true, characterData: true, subtree: true});
            }"""
        )
        play_one_move(page, use_keyboard=True)
        expect(page.locator("#move-announce")).not_to_be_empty()
        said = page.evaluate("() => window.__said")
        assert said and all(in_script(line, language) for line in said if line), said
