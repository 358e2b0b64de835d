"""A card table that moves (issue 30, point 3), in Debian's Chromium through the live stack: each
seat shows its picture (the one its member picked, initials on a colour for one who picked
none, each bot level's own), its name cut with an ellipsis, the clock as a ring that empties
with the turn's time (the seconds still in words for screen readers); a card played flies to
the trick, on transform and opacity alone, 150-300 ms, without holding up the next tap, the
card that completes a trick as well, and the trick then sweeps to its winner; in rummy the card
drawn flies into the hand and a show sends the declarer's cards into the panel of shown hands;
in Hidden Unders the pile taken up flies into the hand and the cards laid onto the pile; with
prefers-reduced-motion nothing moves. Screenshots in test-artifacts/motion-*.png at 360 x 640,
740 x 360 and 1280 x 800, English and Urdu (right to left)."""

import pytest
from playwright.sync_api import expect

from tests.browser.support import (
    ARTIFACTS,
    PHONE,
    WAITING,
    centre,
    judged,
    launched,
    my_turn,
    page_only,
    painted,
    play_one_move,
    rewritten,
    seated,
    session_of,
    sort_pressed,
    written,
)
from tests.games.table_support import members, table_new

pytestmark = page_only

TURN_SECONDS = 60

# Every animation the page starts, as Element.animate is called (the Web Animations API): its
# target, its length and the properties it changes.
ANIMATIONS_KEPT = """
window.__animations = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
    window.__animations.push({
        classes: String(this.getAttribute("class") || ""),
        card: (this.dataset && this.dataset.card) || "",
        duration: options && options.duration,
        properties: [...new Set(keyframes.flatMap((frame) => Object.keys(frame)))],
    });
    return animate.call(this, keyframes, options);
};
"""

# How far the ring around the picture of the seat to move has emptied (its stroke-dashoffset,
# 0 full to 100 empty), the part of the turn the status bar's clock says is left (its --left,
# from the frame's deadline and the turn's length) and the seconds said in words, read together.
RING = """() => {
    const box = document.querySelector(".seat.to-move .seat-avatar.timed");
    if (!box) return null;
    const circle = box.querySelector(".clock-ring circle");
    const clock = box.closest(".seat").querySelector(".seat-clock");
    const timer = document.getElementById("timer");
    return {
        offset: parseFloat(getComputedStyle(circle).strokeDashoffset),
        left: parseFloat(timer.style.getPropertyValue("--left")),
        seconds: clock ? parseInt(clock.textContent.match(/\\d+/)[0], 10) : null,
    };
}"""


# Resolves once the ring has emptied by more than a unit from where it is now (a wait for a
# condition, in the page: the page's policy refuses wait_for_function's strings).
RING_EMPTIES = """() => new Promise((done) => {
    const read = () => {
        const circle = document.querySelector(".seat.to-move .timed .clock-ring circle");
        return circle ? parseFloat(getComputedStyle(circle).strokeDashoffset) : null;
    };
    const first = read();
    const timer = setInterval(() => {
        const now = read();
        if (first !== null && now !== null && now > first + 1) {
            clearInterval(timer);
            done([first, now]);
        }
    }, 100);
})"""


# Resolves with the animations kept once one of them sweeps (a copy that fades on its way to
# the trick's winner), polling in the page (the page's policy refuses wait_for_function's
# strings).
# Resolves once the given card has swept with its trick to the winner (or after 60 s): a sweep
# of another trick (one a move before the card completed, under load) is not the one awaited.
SWEPT = """(card) => new Promise((done) => {
    const began = Date.now();
    const timer = setInterval(() => {
        const swept = window.__animations.some((a) => a.card === card
            && a.classes.includes("flight") && a.properties.includes("opacity"));
        if (swept || Date.now() - began > 60000) {
            clearInterval(timer);
            done(window.__animations);
        }
    }, 50);
})"""


# Resolves with the animations kept once each of the given cards has swept (or after 5 s).
ALL_SWEPT = """(cards) => new Promise((done) => {
    const began = Date.now();
    const timer = setInterval(() => {
        const swept = new Set(window.__animations
            .filter((a) => a.classes.includes("flight") && a.properties.includes("opacity"))
            .map((a) => a.card));
        if (cards.every((card) => swept.has(card)) || Date.now() - began > 5000) {
            clearInterval(timer);
            done(window.__animations);
        }
    }, 50);
})"""


def moved_rightly(animations) -> None:
    """Every animation on transform and opacity alone, each 150-300 ms (issue 30, point 3)."""
    assert animations, "nothing moved"
    assert all(set(a["properties"]) <= {"transform", "opacity"} for a in animations), animations
    assert all(150 <= a["duration"] <= 300 for a in animations), animations


def two_at_court_piece():
    """Asha (picked the lotus) and Bilal Khan (picked nothing) at Court Piece with an easy and a
    hard bot; the table is full, so the match starts. Bilal leaves the match at once: a bot
    plays his seat (still his name and initials), so that Asha's turns come without him."""
    from accounts.profiles.services import profile_update
    from games.tables import services

    asha, bilal = members(2, prefix="motion-")
    profile_update(user=asha, avatar="lotus")
    profile_update(user=bilal, display_name="Bilal Khan")
    table = table_new(asha, "courtpiece", ["", "", "easy", "hard"], turn_seconds=TURN_SECONDS)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    services.table_match_leave(table_id=table.pk, user_id=bilal.pk)
    return table, session_of(asha), session_of(bilal)


def play_a_card(page) -> str | None:
    """Moves until a card of the hand may be played, then plays it: its code (None: the match
    or the deal ended first)."""
    while my_turn(page):
        legal = page.locator("#hand .card-button.legal")
        if legal.count() and legal.first.get_attribute("aria-selected") is None:
            code = legal.first.get_attribute("data-card")
            # That very card: a frame may draw the hand again between reading and tapping.
            page.locator(f'#hand .card-button.legal[data-card="{code}"]').click()
            expect(page.locator("#table")).not_to_have_class(WAITING)
            return code
        play_one_move(page, use_keyboard=False)
        expect(page.locator("#table")).not_to_have_class(WAITING)
    return None


def test_seats_show_pictures_the_ring_follows_the_clock_and_a_played_card_flies(
    live_stack, page_log
):
    table, asha_session, bilal_session = written(two_at_court_piece)
    with launched(live_stack, page_log) as pages:
        page = pages.open(asha_session, table, "en", PHONE, script=ANIMATIONS_KEPT)
        bilal = pages.open(bilal_session, table, "ur", PHONE, script=ANIMATIONS_KEPT)
        seats = page.locator("#seats .seat")
        expect(seats).to_have_count(4)
        # Picked, none picked (initials on his colour), each bot level its own.
        expect(page.locator('.seat[data-seat="0"] .seat-avatar')).to_have_attribute(
            "data-avatar", "lotus"
        )
        assert page.locator('.seat[data-seat="0"] use').get_attribute("href") == "#avatar-lotus"
        assert page.locator("symbol#avatar-lotus").count() == 1
        initials = page.locator('.seat[data-seat="1"] .avatar-initials')
        expect(initials).to_have_text("BK")
        hue = initials.evaluate("n => n.closest('.seat-avatar').style.getPropertyValue('--hue')")
        assert hue != "" and 0 <= int(hue) < 360
        for number, level in ((2, "easy"), (3, "hard")):
            expect(page.locator(f'.seat[data-seat="{number}"] .seat-avatar')).to_have_attribute(
                "data-avatar", f"bot-{level}"
            )
        # Bilal's page, in Urdu, shows Asha's picture and his own initials alike.
        expect(bilal.locator('.seat[data-seat="0"] .seat-avatar')).to_have_attribute(
            "data-avatar", "lotus"
        )
        expect(bilal.locator('.seat[data-seat="1"] .avatar-initials')).to_have_text("BK")
        # A name is cut with an ellipsis on one line, never broken inside a word.
        name = page.locator('.seat[data-seat="1"] .seat-name')
        assert name.evaluate(
            "n => [getComputedStyle(n).whiteSpace, getComputedStyle(n).textOverflow]"
        ) == [
            "nowrap",
            "ellipsis",
        ]

        # The ring of the seat to move follows the clock: as full as the seconds left say,
        # and it empties as they run.
        expect(page.locator(".seat.to-move .seat-avatar.timed .clock-ring")).to_have_count(1)
        ring = page.evaluate(RING)
        assert ring["seconds"] is not None and 0 < ring["seconds"] <= TURN_SECONDS
        # Within the second over which the ring eases (its transition).
        assert abs(ring["offset"] - 100 * (1 - ring["left"])) <= 8, ring
        first, later = page.evaluate(RING_EMPTIES)
        assert later > first

        # Asha plays a card from her hand: it flies, on transform and opacity alone, 150-300 ms.
        page.evaluate("() => { window.__animations = []; }")
        code = play_a_card(page)
        assert code is not None
        animations = page.evaluate("() => window.__animations")
        moved_rightly(animations)
        assert any(a["card"] == code and "flight" in a["classes"] for a in animations)
        if page.locator(f'#trick .played[data-card="{code}"]').count():
            assert any(a["card"] == code and "played" in a["classes"] for a in animations)
        # The flying copies take no tap and leave no layout box behind: the page still fits.
        assert page.evaluate(
            "document.documentElement.scrollHeight <= innerHeight "
            "&& document.documentElement.scrollWidth <= innerWidth"
        )
        # The bots play on until Asha's trick is complete (CP-12): the card that completes it
        # flies too, though the frame that brings it shows the trick gone, and then the whole
        # trick sweeps to its winner.
        page.evaluate(SWEPT, code)
        page.locator("#last-trick-button").click()
        last = page.locator("#last-trick-cards .played")
        expect(last).to_have_count(4)
        trick = last.evaluate_all("cards => cards.map((card) => card.dataset.card)")
        assert code in trick
        # The card that completed it flew with no place on the felt to land in (every other
        # card flew to its figure, shown as it landed), and so did any card whose frame the
        # page never drew (frames skipped under load: the test below).
        animations = page.evaluate(ALL_SWEPT, trick)
        moved_rightly(animations)
        copies = {
            a["card"]
            for a in animations
            if "flight" in a["classes"] and a["properties"] == ["transform"]
        }
        landed = {a["card"] for a in animations if "played" in a["classes"]}
        assert copies & set(trick) - landed, (trick, animations)
        # Swept, all four, the completing card once it has landed.
        sweeps = {
            a["card"]
            for a in animations
            if "flight" in a["classes"] and a["properties"] == ["transform", "opacity"]
        }
        assert set(trick) <= sweeps, (trick, animations)
        page.locator("#last-trick-button").click()

        ARTIFACTS.mkdir(exist_ok=True)
        for reader, language in ((page, "en"), (bilal, "ur")):
            for width, height in ((360, 640), (740, 360), (1280, 800)):
                reader.set_viewport_size({"width": width, "height": height})
                painted(reader)
                reader.screenshot(path=str(ARTIFACTS / f"motion-{language}-{width}x{height}.png"))


def dropped_once(when: str, kept: str) -> str:
    """A page script that drops, once, the first frame just after the last one the page drew
    (its version the next) for which ``when`` holds (JavaScript over ``view`` and ``message``):
    as a page misses a frame when the server sends only the newest of two moves made together,
    or its connection drops. ``kept`` (JavaScript, the same names) is kept as window.__dropped."""
    return f"""
const listen = WebSocket.prototype.addEventListener;
let delivered = null;
WebSocket.prototype.addEventListener = function (type, handler, options) {{
    if (type !== "message") return listen.call(this, type, handler, options);
    return listen.call(this, type, (event) => {{
        const message = JSON.parse(event.data);
        const view = message.type === "state" ? message.view : null;
        if (view && delivered !== null && !window.__dropped
                && message.version === delivered + 1 && ({when})) {{
            window.__dropped = {kept};
            return;
        }}
        if (view) delivered = message.version;
        handler.call(this, event);
    }}, options);
}};
"""


# The frame that brings the third card of a trick whose fourth card a bot will play: the page
# never drew that card.
THIRD_CARD_DROPPED = dropped_once(
    "(view.trick || []).length === 3 && !(view.to_move || []).includes(message.seat)",
    "{ card: view.trick[2].card, trick: view.trick.map((p) => p.card) }",
)

# The frame that completes a trick played by a bot and won by a bot, not the deal's last: the
# next frame the page draws is the winner's lead of the next trick.
COMPLETING_FRAME_DROPPED = dropped_once(
    "!(view.trick || []).length && (view.last_trick || []).length === 4"
    " && view.last_trick_winner !== message.seat"
    " && message.last_move && message.last_move.seat !== message.seat"
    " && (view.hand_sizes || [])[message.seat] > 0",
    "{ card: view.last_trick[3].card, trick: view.last_trick.map((p) => p.card) }",
)


@pytest.mark.parametrize(
    "dropping", [THIRD_CARD_DROPPED, COMPLETING_FRAME_DROPPED], ids=["third", "completing"]
)
def test_a_trick_with_a_card_the_page_never_drew_still_sweeps_whole(live_stack, page_log, dropping):
    """A frame missed: the one that brought a trick's third card, or the one that completed it
    (frames that came together under load: the next drawn is the winner's lead of the next
    trick). The card it brought flies from its seat to its place once the trick is complete
    (CP-12), and the whole trick sweeps to its winner, not the cards drawn alone."""
    table, asha_session, _bilal_session = written(two_at_court_piece)
    with launched(live_stack, page_log) as pages:
        page = pages.open(asha_session, table, "en", PHONE, script=ANIMATIONS_KEPT + dropping)
        # Asha plays on until a frame is dropped (the third card's at the latest once she leads).
        for _trick in range(13):
            if page.evaluate("() => Boolean(window.__dropped)"):
                break
            assert play_a_card(page) is not None
        dropped = page.evaluate("() => window.__dropped")
        assert dropped, "no trick's frame was dropped in a deal"
        page.evaluate(SWEPT, dropped["trick"][0])
        animations = page.evaluate(ALL_SWEPT, dropped["trick"])
        moved_rightly(animations)
        missed = [a for a in animations if a["card"] == dropped["card"]]
        assert any(a["properties"] == ["transform"] for a in missed), missed
        sweeps = {
            a["card"]
            for a in animations
            if "flight" in a["classes"] and a["properties"] == ["transform", "opacity"]
        }
        assert set(dropped["trick"]) <= sweeps, (dropped, animations)


def test_with_reduced_motion_nothing_moves(live_stack, page_log):
    table, asha_session, _bilal_session = written(two_at_court_piece)
    with launched(live_stack, page_log) as pages:
        # Reduced from the first paint: set after the page opened, a bot's card could fly first.
        page = pages.open(
            asha_session, table, "en", PHONE, script=ANIMATIONS_KEPT, reduced_motion="reduce"
        )
        code = play_a_card(page)
        assert code is not None
        # Another seat's card reaches the trick too, and moves no more than Asha's did.
        expect(page.locator("#trick .played, #moves li").first).to_be_attached()
        painted(page)
        assert page.evaluate("() => window.__animations") == []
        assert page.locator(".flights .flight").count() == 0
        # The ring still shows the clock, without easing from second to second.
        # Read in one step: a frame may draw the seats again between finding the ring and
        # reading it (a ring taken out of the page has no computed style).
        easing = page.evaluate(
            "() => { const c = document.querySelector('.seat-avatar.timed .clock-ring circle');"
            " return c ? getComputedStyle(c).transitionDuration : null; }"
        )
        assert easing in (None, "0s"), easing


def test_rummy_draw_discard_and_a_show_move_from_where_the_cards_were(live_stack, page_log):
    """Rummy (RM-26's two deals, the other member's seat a stand-in bot): the card drawn flies
    from the closed deck into the hand, and a valid show (RM-13, RM-14) sends the declarer's
    cards from the hand into the panel of shown hands, each card on transform and opacity
    alone, 150-300 ms."""
    from tests.browser.test_table_care import SHOW, a_show_in_hand

    def write():
        from games.tables.models import Seat

        table, sessions = a_show_in_hand("deals2")
        Seat.objects.filter(table=table, number=1).update(stand_in=True)
        return table, sessions

    table, sessions = written(write)
    with launched(live_stack, page_log) as pages:
        page = pages.open(sessions[0], table, "en", PHONE, script=ANIMATIONS_KEPT)
        assert my_turn(page)
        judged(page)
        page.evaluate("() => { window.__animations = []; }")
        page.locator("#closed-deck").click()
        expect(page.locator("#actions .action-discard")).to_be_attached()
        drawn = page.evaluate("() => window.__animations")
        moved_rightly(drawn)
        assert any(a["card"] == "KC" and "flight" in a["classes"] for a in drawn), drawn
        assert any(a["card"] == "KC" and "card-button" in a["classes"] for a in drawn), drawn

        judged(page)
        sort_pressed(page)
        judged(page)
        page.evaluate("() => { window.__animations = []; }")
        page.locator('#hand .card-button[data-card="KC"]').click()
        page.locator("#actions .action-declare.valid-show").click()
        expect(page.locator('#summary .shown-hand[data-seat="0"] .card-face')).to_have_count(13)
        animations = page.evaluate("() => window.__animations")
        moved_rightly(animations)
        flown = {a["card"] for a in animations if "card-face" in a["classes"]}
        assert flown == set(SHOW), flown
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "motion-rummy-show-360x740.png"))


def unders_to_take_the_pile():
    """Hidden Unders with three bots: every seat has laid its overs, an ace alone on the pile,
    and seat 0, to play, holds nothing that matches or beats it (no 2, 10 or ace, HU-3, HU-5):
    taking the pile up is its only move (HU-6). The cards swapped come from the deck."""
    from games.engine import GAMES
    from games.engine.unders.pile import in_order

    table, session = seated("unders")
    table.refresh_from_db()
    state = table.state
    holdings, deck = state["holdings"], state["deck"]
    for holding in holdings:
        holding["overs"], holding["hand"] = holding["hand"][:4], holding["hand"][4:]
    playable = ("2", "10", "A")
    hand = holdings[0]["hand"]
    for index, card in enumerate(hand):
        if card[:-1] in playable:
            low = next(at for at, other in enumerate(deck) if other[:-1] not in playable)
            hand[index], deck[low] = deck[low], card
    if not any(card.startswith("A") for card in deck):
        # The deal put every ace with the seats: one comes back to the deck for a card that
        # is not an ace, so the pile can start with one whatever was dealt.
        place, cards = next(
            (holding, key)
            for holding in holdings
            for key in ("overs", "unders", "hand")
            if holding is not holdings[0] or key != "hand"
            if any(card.startswith("A") for card in holding[key])
        )
        at = next(i for i, card in enumerate(place[cards]) if card.startswith("A"))
        other = next(i for i, card in enumerate(deck) if not card.startswith("A"))
        place[cards][at], deck[other] = deck[other], place[cards][at]
        if cards == "hand":
            place["hand"] = list(in_order(place["hand"]))
    ace = next(at for at, card in enumerate(deck) if card.startswith("A"))
    holdings[0]["hand"] = list(in_order(hand))
    state.update(pile=[deck.pop(ace)], turn=0, step="play")
    rewritten(table, GAMES["unders"].from_json(state))
    return table, session


def test_hidden_unders_cards_fly_from_the_pile_and_onto_it(live_stack, page_log):
    """Hidden Unders: the pile taken up (HU-6) flies into the hand, card by card; then the
    cards laid (HU-3), the player's and the bots', fly from the hand or a seat onto the pile;
    each on transform and opacity alone, 150-300 ms."""
    table, session = written(unders_to_take_the_pile)
    with launched(live_stack, page_log) as pages:
        page = pages.open(session, table, "en", PHONE, script=ANIMATIONS_KEPT)
        assert my_turn(page)
        before = page.locator("#hand .card-button").count()
        page.evaluate("() => { window.__animations = []; }")
        page.locator("#actions button.action:enabled").click()  # the one move: take
        expect(page.locator("#hand .card-button")).to_have_count(before + 1)
        taken = page.evaluate("() => window.__animations")
        moved_rightly(taken)
        assert any(a["card"].startswith("A") and "card-button" in a["classes"] for a in taken), (
            taken
        )

        page.evaluate("() => { window.__animations = []; }")
        for _move in range(3):
            if not my_turn(page):
                break
            play_one_move(page, use_keyboard=False)
            expect(page.locator("#table")).not_to_have_class(WAITING)
        animations = page.evaluate("() => window.__animations")
        moved_rightly(animations)
        # Each card laid shows on the pile once its copy, flying from the hand or the seat
        # that laid it, lands there.
        onto_the_pile = {a["card"] for a in animations if "card-face" in a["classes"]}
        copies = {a["card"] for a in animations if "flight" in a["classes"]}
        assert onto_the_pile and "" not in onto_the_pile, animations
        assert onto_the_pile <= copies, animations


# Each audio context the page makes, counted: making one held a slow phone's main thread
# 145-157 ms (4x CPU throttling, bench/bench_phone.py).
AUDIO_COUNTED = """
window.__audio = 0;
const Made = window.AudioContext;
window.AudioContext = function (...options) {
    window.__audio += 1;
    return new Made(...options);
};
"""

# Resolves after the next frame, a task after it and an idle moment after that: by then a
# context made "just after the frame that answers a tap", as before, would have been made.
SETTLED = """() => new Promise((done) => requestAnimationFrame(() => setTimeout(
    () => requestIdleCallback(() => done(), { timeout: 2000 }), 0)))"""


def test_a_tap_makes_no_audio_context_and_a_chime_makes_one(live_stack, page_log):
    """Issue 30, Figures (a card tap's next frame within 100 ms at 4x CPU throttling): the
    chime's audio context is made when a chime is due, in an idle moment, never on or just
    after a tap, where it kept the next tap waiting; a tap only resumes one already made."""
    table, session = seated("courtpiece")
    with launched(live_stack, page_log) as pages:
        page = pages.open(session, table, "en", viewport=PHONE, script=AUDIO_COUNTED)
        assert my_turn(page)
        # A finger on the cards of the hand, playable or not.
        # Each card found again at its tap, and measured as it is found: a tap on a playable
        # card plays it, and each frame (the bots' cards too) draws the hand again.
        for index in range(3):
            page.mouse.click(*centre(page.locator("#hand .card-button").nth(index)))
            page.evaluate(SETTLED)
        assert page.evaluate("() => window.__audio") == 0
        page.evaluate("() => window.Taash.sound.chime()")
        page.evaluate(SETTLED)
        assert page.evaluate("() => window.__audio") == 1
        page.evaluate("() => window.Taash.sound.chime()")
        page.evaluate(SETTLED)
        assert page.evaluate("() => window.__audio") == 1
