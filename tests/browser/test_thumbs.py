"""Made for thumbs (issue 30, point 2), on a 360 x 640 touch screen in Debian's Chromium: rummy
groups (RM-28) are arranged with a finger, by dragging a card into another group (Pointer
Events: the touch is sent through the DevTools protocol as a phone's screen sends it) and by
tap-then-tap (a card tapped, then a group's mark), and a short touch stays a tap that selects
the card, which lifts. Each layout reaches the server, whose judging answer the page shows.
Every group's mark, a control, is at least 44 x 44 CSS px."""

import json
import time

from playwright.sync_api import expect

from tests.browser.support import ARTIFACTS, centre, judged, launched, my_turn, page_only, seated

pytestmark = page_only

SMALL_PHONE = {"width": 360, "height": 640}
TOUCH_PX = 44


def touch_dragged(page, source, target, steps=8) -> None:
    """A finger put on ``source``, moved in ``steps`` to ``target``'s centre, held there a
    moment and lifted. The events carry a person's pace (50 ms a step): sent at the
    protocol's speed, the lift would be a fling, and the browser would take the next tap for
    the touch that stops it."""
    cdp = page.context.new_cdp_session(page)
    (x, y), (to_x, to_y) = centre(source), centre(target)
    start = time.time()

    def touch(kind, points, at) -> None:
        event = {"type": kind, "touchPoints": points, "timestamp": start + at * 0.05}
        cdp.send("Input.dispatchTouchEvent", event)

    touch("touchStart", [{"x": x, "y": y}], 0)
    for step in range(1, steps + 1):
        share = step / steps
        touch("touchMove", [{"x": x + (to_x - x) * share, "y": y + (to_y - y) * share}], step)
    touch("touchMove", [{"x": to_x, "y": to_y}], steps + 4)
    touch("touchEnd", [], steps + 5)
    cdp.detach()


def group(index: int) -> str:
    return f'#hand .group[data-group="{index}"]'


def test_rummy_groups_are_arranged_by_a_finger_dragging_and_tapping(live_stack, page_log):
    table, session = seated("rummy")
    answers = []  # the server's judging of each layout the page sent ({"type": "arrangement"})

    def heard(socket) -> None:
        def got(payload) -> None:
            message = json.loads(payload)
            if message.get("type") == "arrangement":
                answers.append(message)

        socket.on("framereceived", got)

    with launched(live_stack, page_log) as pages:
        page = pages.open(session, table, "en", SMALL_PHONE, has_touch=True)
        page.on("websocket", heard)
        page.reload()
        assert my_turn(page)
        judged(page)
        expect(page.locator("#hand .group:not(.new-group)")).to_have_count(1)

        # A short touch is a tap: the card is selected and lifts; "Group selected" makes it a
        # group of its own.
        first = page.locator(f"{group(0)} .card-button").first
        tapped = first.get_attribute("data-card")
        page.touchscreen.tap(*centre(first))
        expect(page.locator(f"{group(0)} .card-button.selected")).to_have_count(1)
        lifted = page.locator("#hand .card-button.selected svg").evaluate(
            "(card) => Promise.all(card.getAnimations().map((a) => a.finished))"
            ".then(() => getComputedStyle(card).transform)"
        )
        assert lifted not in ("none", ""), lifted
        page.touchscreen.tap(*centre(page.locator("#group-button")))
        judged(page)
        expect(page.locator(f"{group(1)} .card-button")).to_have_count(1)

        # A card dragged with a finger from the first group onto the second joins it.
        dragged_card = page.locator(f"{group(0)} .card-button").nth(3)
        dragged = dragged_card.get_attribute("data-card")
        touch_dragged(page, dragged_card, page.locator(f"{group(1)} .card-button").first)
        judged(page)
        expect(page.locator(f"{group(1)} .card-button")).to_have_count(2)
        assert page.locator(f"{group(1)} [data-card='{dragged}']").count() >= 1
        assert page.locator("#hand .card-button.selected").count() == 0  # a drag is no tap
        assert answers and sorted(answers[-1]["groups"][1]) == sorted([tapped, dragged])
        assert len(answers[-1]["groups"][0]) == 11

        # Tap-then-tap: a card tapped, then the second group's mark.
        third = page.locator(f"{group(0)} .card-button").last
        moved = third.get_attribute("data-card")
        page.touchscreen.tap(*centre(third))
        expect(page.locator("#hand .card-button.selected")).to_have_count(1)
        page.touchscreen.tap(*centre(page.locator(f"{group(1)} .group-label")))
        judged(page)
        expect(page.locator(f"{group(1)} .card-button")).to_have_count(3)
        assert moved in answers[-1]["groups"][1]

        # Dragged onto the "+": a group of its own.
        touch_dragged(
            page, page.locator(f"{group(0)} .card-button").first, page.locator("#hand .new-group")
        )
        judged(page)
        expect(page.locator("#hand .group:not(.new-group)")).to_have_count(3)
        assert [len(cards) for cards in answers[-1]["groups"]] == [9, 3, 1]

        sizes = page.locator("#hand .group-label").evaluate_all(
            "(marks) => marks.map((mark) => [mark.offsetWidth, mark.offsetHeight])"
        )
        assert sizes and all(w >= TOUCH_PX and h >= TOUCH_PX for w, h in sizes), sizes
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "thumbs-rummy-360x640.png"))


def test_a_tapped_card_keeps_its_look_once_let_go(live_stack, page_log):
    """Nothing depends on hover (issue 30, point 2): a phone's browser keeps the element last
    tapped "hovered", and a button's hover look (a dark felt) stayed on a rummy card tapped and
    tapped again (selected, let go) until the next touch elsewhere."""
    table, session = seated("rummy")
    with launched(live_stack, page_log) as pages:
        page = pages.open(session, table, "en", SMALL_PHONE, has_touch=True)
        assert my_turn(page)
        judged(page)
        card = page.locator(f"{group(0)} .card-button").nth(2)
        untouched = page.locator(f"{group(0)} .card-button").nth(5)
        look = "(card) => [getComputedStyle(card).backgroundColor, getComputedStyle(card).color]"
        page.touchscreen.tap(*centre(card))
        expect(page.locator("#hand .card-button.selected")).to_have_count(1)
        page.touchscreen.tap(*centre(card))
        expect(page.locator("#hand .card-button.selected")).to_have_count(0)
        assert card.evaluate(look) == untouched.evaluate(look)
