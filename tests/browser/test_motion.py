"""A card table that moves (issue 30, point 3), in Debian's Chromium through the live stack: each
seat shows its picture (the one its member picked, initials on a colour for one who picked
none, each bot level's own), its name cut with an ellipsis, the clock as a ring that empties
with the turn's time (the seconds still in words for screen readers); a card played flies to
the trick, on transform and opacity alone, 150-300 ms, without holding up the next tap; with
prefers-reduced-motion nothing moves. Screenshots in test-artifacts/motion-*.png at 360 x 640,
740 x 360 and 1280 x 800, English and Urdu (right to left)."""

from playwright.sync_api import expect

from tests.browser.support import (
    ARTIFACTS,
    PHONE,
    WAITING,
    launched,
    my_turn,
    painted,
    play_one_move,
    session_of,
    written,
)
from tests.games.table_support import members, table_new

TURN_SECONDS = 60

# Every animation the page starts, as Element.animate is called (the Web Animations API): its
# target, its length and the properties it changes.
ANIMATIONS_KEPT = """
window.__animations = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
    window.__animations.push({
        classes: String(this.getAttribute("class") || ""),
        card: this.dataset ? this.dataset.card || "" : "",
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
        if legal.count() and legal.first.get_attribute("aria-pressed") is None:
            code = legal.first.get_attribute("data-card")
            legal.first.click()
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
        assert animations, "nothing moved when a card was played"
        assert all(set(a["properties"]) <= {"transform", "opacity"} for a in animations)
        assert all(150 <= a["duration"] <= 300 for a in animations), animations
        assert any("flight" in a["classes"] for a in animations)
        if page.locator(f'#trick .played[data-card="{code}"]').count():
            assert any(a["card"] == code and "played" in a["classes"] for a in animations)
        # The flying copies take no tap and leave no layout box behind: the page still fits.
        assert page.evaluate(
            "document.documentElement.scrollHeight <= innerHeight "
            "&& document.documentElement.scrollWidth <= innerWidth"
        )

        ARTIFACTS.mkdir(exist_ok=True)
        for reader, language in ((page, "en"), (bilal, "ur")):
            for width, height in ((360, 640), (740, 360), (1280, 800)):
                reader.set_viewport_size({"width": width, "height": height})
                painted(reader)
                reader.screenshot(path=str(ARTIFACTS / f"motion-{language}-{width}x{height}.png"))


def test_with_reduced_motion_nothing_moves(live_stack, page_log):
    table, asha_session, _bilal_session = written(two_at_court_piece)
    with launched(live_stack, page_log) as pages:
        page = pages.open(asha_session, table, "en", PHONE, script=ANIMATIONS_KEPT)
        page.emulate_media(reduced_motion="reduce")
        code = play_a_card(page)
        assert code is not None
        # Another seat's card reaches the trick too, and moves no more than Asha's did.
        expect(page.locator("#trick .played, #moves li").first).to_be_attached()
        painted(page)
        assert page.evaluate("() => window.__animations") == []
        assert page.locator(".flights .flight").count() == 0
        # The ring still shows the clock, without easing from second to second.
        ring = page.locator(".seat-avatar.timed .clock-ring circle")
        if ring.count():
            assert ring.first.evaluate("c => getComputedStyle(c).transitionDuration") == "0s"
