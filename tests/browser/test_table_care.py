"""Issue 22 in Chromium, through the live stack: the safety nets before a costly move (a wrong
show, a drop, leaving the match), the pause between deals with its Ready button, "Play again"
between two browsers, and the keyboard (focus kept in the hand, arrow keys). Screenshots at
360 px and 1280 px go to test-artifacts/."""

import copy
import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.support import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    RANK_FLOOR_PX,
    WAITING,
    chip_rank_height,
    judged,
    launched,
    members_at,
    my_turn,
    page_only,
    rewritten,
    screenshots,
    sort_pressed,
    written,
)

# Seat 0's 13 cards: a valid show with any 14th card put aside (RM-13, RM-14).
SHOW = ["AH", "2H", "3H", "4H", "5S", "6S", "7S", "8C", "8D", "8S", "9C", "9D", "9H"]
OTHER = ["2C", "5C", "9C", "JC", "3D", "7D", "10D", "KD", "4S", "8S", "QS", "6H", "10H"]
CLOSED = ["10D", "JD", "KD", "AD", "7D", "KS", "QS", "JS", "10S", "KH", "QH", "KC"]


def a_show_in_hand(variant: str):
    """Two members at rummy, seat 0 to draw KC holding a valid show (dealer: seat 1)."""
    from games.engine.rummy import RummyMatch

    table, _people, sessions = members_at("rummy", 2, variant=variant, turn_seconds=120)
    match = RummyMatch.with_deal(
        variant, [SHOW, OTHER], wild_card="QD", open_pile=["6D"], closed=CLOSED, dealer=1
    )
    rewritten(table, match)
    return table, sessions


@page_only
def test_rm15_rm17_a_wrong_show_a_drop_and_leaving_each_ask_first_naming_the_cost(
    live_stack, page_log
):
    table, sessions = written(lambda: a_show_in_hand("points"))
    with launched(live_stack, page_log) as pages:
        page = pages.open(sessions[0], table, "en", PHONE)
        my_turn(page)
        judged(page)
        # Drop: its cost on the button and in the question; "Keep playing" keeps the seat.
        page.locator("#actions .action-drop").click()
        expect(page.locator("#confirm-dialog")).to_be_visible()
        assert "costs you 20 points" in page.locator("#confirm-text").inner_text()
        page.keyboard.press("Escape")
        expect(page.locator("#confirm-dialog")).to_be_hidden()
        # Leaving the match asks too, and says what it costs.
        page.locator("#leave-form button").click()
        expect(page.locator("#confirm-text")).to_contain_text("A bot plays your seat")
        page.locator("#confirm-no").click()
        assert page.locator("#actions .action-drop").count() == 1  # nothing happened

        # The keyboard: Enter draws, and the focus stays in the hand for the next key.
        page.locator("#closed-deck").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#actions .action-discard")
        judged(page)
        sort_pressed(page)
        judged(page)
        page.locator("#hand .card-button").first.focus()
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.key") == "0:1"

        # A card from a sequence put aside: not a valid show, and the page asks first.
        page.locator('#hand .card-button[data-card="AH"]').click()
        declare = page.locator("#actions .action-declare")
        expect(declare).to_have_text("Declare (not a valid show)")
        declare.click()
        expect(page.locator("#confirm-text")).to_contain_text("costs you 80 points")
        too_wide = screenshots(page, "table-rummy-wrong-show-asked")
        page.locator("#confirm-no").click()
        page.locator('#hand .card-button[data-card="AH"]').click()  # let go

        # KC put aside: a valid show, the main action, no question.
        page.locator('#hand .card-button[data-card="KC"]').click()
        expect(declare).to_have_text("Declare: a valid show")
        declare.click()
        page.wait_for_selector("#result .score-table")
        expect(page.locator("#moves")).to_contain_text("Declared: a valid show")
        # A finished table: no hand, no moves, no leaving; Play again and New table.
        assert page.locator("#hand, #actions, #leave-form").count() == 0
        expect(page.locator("#play-again")).to_have_text("Play again")
        too_wide += screenshots(page, "table-rummy-after-match")
        assert too_wide == []


@page_only
def test_a_deals_result_stays_up_until_the_player_is_ready(live_stack, page_log):
    """RM-26's two deals: after the first, its result stays up with a Ready button and the
    seconds to the next deal; Ready deals the next at once (the other member's seat is a
    stand-in bot, which counts as nobody reading)."""

    def write():
        from games.tables import services
        from games.tables.models import Seat

        table, sessions = a_show_in_hand("deals2")
        Seat.objects.filter(table=table, number=1).update(stand_in=True)
        return table, sessions, services

    table, sessions, _services = written(write)
    with launched(live_stack, page_log) as pages:
        page = pages.open(sessions[0], table, "en", DESKTOP)
        my_turn(page)
        page.locator("#closed-deck").click()
        page.wait_for_selector("#actions .action-discard")
        judged(page)
        sort_pressed(page)
        judged(page)
        page.locator('#hand .card-button[data-card="KC"]').click()
        page.locator("#actions .action-declare.valid-show").click()
        ready = page.locator("#ready-button")
        expect(ready).to_be_visible()
        expect(page.locator("#summary .shown-hand").first).to_be_visible()
        assert page.locator("#turn").inner_text() != ""
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "table-rummy-pause-1280.png"), full_page=True)
        ready.click()
        expect(page.locator("#ready-button")).to_have_count(0)
        expect(page.locator("#hand .card-button")).to_have_count(13)


def two_members_gone_from_a_short_pitch_match():
    """A Pitch match to 1 point of two members and two easy bots, which both members have
    left: bots play it out on the live stack's worker. The table and the members' sessions."""
    from games.tables import services
    from games.tables.models import Seat

    table, people, sessions = members_at("pitch", 4, options={"target": 1})
    Seat.objects.filter(table=table, number__in=[2, 3]).update(user=None, bot_level="easy")
    for member in people[:2]:
        services.table_match_leave(table_id=table.pk, user_id=member.pk)
    return table, sessions


def test_play_again_between_two_browsers(live_stack, page_log):
    """Both players of a finished match: one presses Play again and waits at the new table;
    the other's result page offers to join it at once, and joining starts the match."""

    table, sessions = written(two_members_gone_from_a_short_pitch_match)
    with launched(live_stack, page_log) as pages:
        asha = pages.open(sessions[0], table, "en", PHONE)
        bilal = pages.open(sessions[1], table, "hi", DESKTOP)
        # Each page reloads as the match ends, with the result and the after-match buttons.
        expect(asha.locator("#play-again")).to_be_visible(timeout=120_000)
        expect(bilal.locator("#play-again")).to_be_visible(timeout=120_000)
        asha.locator("#play-again").click()
        expect(asha.locator("#open-table")).to_be_visible()
        # Bilal's page heard of the rematch through its socket: the button joins it.
        expect(bilal.locator("#play-again")).to_have_text("दोबारा मैच में शामिल हों")
        bilal.locator("#play-again").click()
        expect(bilal.locator("#table")).not_to_have_attribute("data-table", str(table.pk))
        expect(asha.locator("#hand .card-button").first).to_be_visible()
        expect(bilal.locator("#hand .card-button").first).to_be_visible()


@page_only
def test_a_replay_is_the_tables_own_board_stepped_by_keys_and_slider(live_stack, page_log):
    """The replay: the table's seats and board read-only, every hand open on its seat, the
    move in words, stepped by the arrow keys (mirrored in Urdu) and by the slider."""

    def write():
        from tests.games.table_support import members, table_new

        (asha,) = members(1, prefix="replay-")
        # Four bots: the match starts at once and the live stack's worker plays it out.
        return table_new(asha, "courtpiece", ["medium"] * 4)

    table = written(write)
    with launched(live_stack, page_log) as pages:
        watching = pages.browser.new_page(base_url=live_stack.http_url)
        watching.goto(f"/tables/{table.pk}/")
        expect(watching.locator("#result")).to_be_visible(timeout=120_000)
        watching.close()
        for language, forward in (("en", "ArrowRight"), ("ur", "ArrowLeft")):
            page = pages.visit(
                f"/tables/{table.pk}/replay/?step=3", language=language, viewport=PHONE
            )
            expect(page.locator("#felt .seat")).to_have_count(4)
            # Seat 1 at the bottom (a spectator's view); CP-1 plays from seat 0 to seat 3, on
            # its right, so seat 2 sits on its left and the partner, seat 3, opposite.
            places = page.eval_on_selector_all(
                "#felt .seat", "seats => seats.map((seat) => seat.dataset.place)"
            )
            assert places == ["bottom", "left", "top", "right"]
            rights = page.eval_on_selector_all(
                "#felt .seat", "seats => seats.map((seat) => seat.getBoundingClientRect().left)"
            )
            assert rights[3] > rights[0] > rights[1]  # in Urdu too: the felt is not mirrored
            chip = page.locator('#felt .seat[data-place="bottom"] .seat-hand .card-chip').first
            expect(chip).to_be_visible()
            # Issue 22, point 11: a small card's rank readable on a phone, at least 11 px high.
            rank = chip_rank_height(page)
            print(f"replay chip rank at 360 px ({language}): {rank}")
            assert rank["box"] >= RANK_FLOOR_PX, rank
            assert page.locator("#replay-move").inner_text().strip() != ""
            page.keyboard.press(forward)
            page.wait_for_url("**step=4**")
            expect(page.locator("#replay-step")).to_have_value("4")
            page.locator("#replay-step").fill("0")
            page.wait_for_url("**step=0**")
            if language == "ur":
                assert page.get_attribute("html", "dir") == "rtl"
            assert screenshots(page, f"replay-courtpiece-{language}") == []
            page.context.close()


# The page out of sight (another tab), and a Notification that records what it was asked to
# show: what the member would be told.
HIDDEN_TAB = """
Object.defineProperty(document, "hidden", { get: () => true });
window.told = [];
window.Notification = function (text) { window.told.push(text); };
window.Notification.permission = "granted";
"""


@page_only
def test_your_turn_is_told_by_title_and_notification_when_the_page_is_out_of_sight(
    live_stack, page_log
):
    table, sessions = written(lambda: a_show_in_hand("points"))
    with launched(live_stack, page_log) as pages:
        page = pages.open(sessions[0], table, "en", PHONE, script=HIDDEN_TAB)
        my_turn(page)
        expect(page).to_have_title(re.compile(r"^Your turn · "))
        assert page.evaluate("window.told") == ["Your turn"]
        expect(page.locator("#turn-announce")).to_have_text("Your turn")
        page.locator("#closed-deck").click()  # touching the page puts the title back
        expect(page).not_to_have_title(re.compile(r"^Your turn"))


@page_only
def test_rm24_an_eliminated_pool_player_is_told_so_and_offered_to_watch_or_leave(
    live_stack, page_log
):
    """Pool 101 (RM-24): at 95 points, a first drop (20) takes Asha past 101; once the deal
    is over she is out: told so, offered to watch on or go back to the lobby, and no longer
    offered to leave the match for a bot. The next seat holds a show (RM-14), so the deal ends
    on its first turn rather than whenever two easy bots get there."""

    def write():
        from games.engine.rummy import RummyMatch
        from games.tables.models import Seat, Table
        from tests.games.table_support import members, table_new

        (asha,) = members(1, prefix="pool-")
        table = table_new(asha, "rummy", ["", "easy", "easy"], variant="pool101", turn_seconds=120)
        third = ["3C", "6C", "10C", "QC", "4D", "8D", "JD", "AD", "5S", "9S", "KS", "7H", "JH"]
        match = RummyMatch.with_deal(
            "pool101",
            [OTHER, SHOW, third],
            wild_card="QD",
            open_pile=["6D"],
            closed=CLOSED * 3,
            dealer=2,
            scores=[95, 0, 0],
        )
        rewritten(table, match)
        Seat.objects.filter(table=table).update(bot_memory=None)
        return Table.objects.get(pk=table.pk), signed_in_session(asha)

    table, session = written(write)
    with launched(live_stack, page_log) as pages:
        page = pages.open(session, table, "en", PHONE)
        my_turn(page)
        judged(page)
        page.locator("#actions .action-drop").click()
        page.locator("#confirm-yes").click()
        expect(page.locator("#eliminated")).to_be_visible(timeout=60_000)
        expect(page.locator("#eliminated")).to_contain_text("You are out of this Pool game")
        assert page.locator("#leave-form").is_hidden()
        assert screenshots(page, "table-rummy-eliminated") == []
        page.locator("#eliminated button").click()  # watch on
        expect(page.locator("#eliminated")).to_have_count(0)


# Run before the page's own scripts, on the first load only: the page's HTML says "playing"
# while the frame inside it is already finished, as when a match ends between the view's
# read of the table and its read of the frame. Each load is counted on <html data-loads>.
DRAWN_BEFORE_THE_END = """
const loads = Number(sessionStorage.getItem("loads") || 0) + 1;
sessionStorage.setItem("loads", String(loads));
document.addEventListener("DOMContentLoaded", () => {
  document.documentElement.dataset.loads = loads;
});
if (loads === 1) {
  new MutationObserver((_records, observer) => {
    const table = document.getElementById("table");
    if (table) { table.dataset.status = "playing"; observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
}
"""


@page_only
def test_a_page_drawn_while_playing_whose_frame_is_finished_redraws_itself(live_stack, page_log):
    """The match ended between the table page's two reads (the table, then its frame): the
    page was drawn for a match in play, its socket says it is finished, and the page draws
    itself again with the result and Play again (issue 22, point 3), rather than keeping
    the in-game page of a match that is over."""

    table, sessions = written(two_members_gone_from_a_short_pitch_match)
    with launched(live_stack, page_log) as pages:
        # Bots play the match out on the live stack's worker; the page sees it end.
        first = pages.open(sessions[1], table, "en", DESKTOP)
        expect(first.locator("#play-again")).to_be_visible(timeout=120_000)
        page = pages.open(sessions[0], table, "en", PHONE, script=DRAWN_BEFORE_THE_END)
        expect(page.locator("html[data-loads='2']")).to_be_attached()
        expect(page.locator("#play-again")).to_be_visible()


def signed_in_session(member) -> str:
    from django.test import Client

    client = Client()
    client.force_login(member)
    return client.cookies["sessionid"].value


@pytest.mark.parametrize(
    ("game", "language", "viewport"), [("pitch", "ur", PHONE), ("courtpiece", "en", DESKTOP)]
)
@page_only
def test_the_last_trick_opens_on_request_after_a_trick_is_taken(
    live_stack, page_log, game, language, viewport
):
    """Issue 22, point 1 (PI-5, CP-4): once a trick is taken, "Last trick" on the felt shows
    its four cards, each under its player's name, and who won it; by keyboard, Escape closes
    it and the focus goes back to the button; it closes by itself when the next card is
    played."""
    from tests.browser.support import play_one_move, seated

    table, session = seated(game)
    with launched(live_stack, page_log) as pages:
        page = pages.open(session, table, language, viewport)
        button = page.locator("#last-trick-button")
        panel = page.locator("#last-trick")
        expect(button).to_be_hidden()
        # Play on until a trick has been taken and it is this seat's turn (the table waits).
        while not (my_turn(page) and button.is_visible()):
            play_one_move(page, use_keyboard=False)
            expect(page.locator("#table")).not_to_have_class(WAITING, timeout=20_000)
        button.focus()
        page.keyboard.press("Enter")
        expect(panel).to_be_visible()
        expect(button).to_have_attribute("aria-expanded", "true")
        cards = panel.locator(".played")
        expect(cards).to_have_count(4)
        assert cards.locator("svg.card-svg[aria-label]").count() == 4
        names = [cards.nth(index).locator("figcaption").inner_text() for index in range(4)]
        seats = page.eval_on_selector_all(
            "#seats .seat .seat-name", "names => names.map((name) => name.textContent)"
        )
        assert all(any(seat in name for seat in seats) for name in names)
        winner = panel.locator(".played.won")
        expect(winner).to_have_count(1)
        won_by = page.locator("#last-trick-winner").inner_text()
        winner_name = winner.locator("figcaption").evaluate(
            "caption => caption.firstChild.textContent"
        )
        assert winner_name in seats and winner_name in won_by
        # Every place of the trick is a different side of the felt (the seats around it).
        places = cards.evaluate_all("cards => cards.map((card) => card.className)")
        assert (
            len(
                {
                    " ".join(sorted(set(c.split()) & {"north", "south", "east", "west"}))
                    for c in places
                }
            )
            == 4
        )
        # East is the seat on the right of the felt, in Urdu too (the felt is not mirrored).
        left_of = panel.locator(".played.west").bounding_box()["x"]
        assert panel.locator(".played.east").bounding_box()["x"] > left_of
        if language == "ur":
            assert page.get_attribute("html", "dir") == "rtl"
        assert screenshots(page, f"table-{game}-last-trick-{language}") == []
        page.set_viewport_size(viewport)
        page.keyboard.press("Escape")
        expect(panel).to_be_hidden()
        assert page.evaluate("document.activeElement.id") == "last-trick-button"
        expect(button).to_have_attribute("aria-expanded", "false")
        # Opened again, it goes when this seat plays its card: the middle shows the play.
        button.click()
        expect(panel).to_be_visible()
        page.locator("#hand .card-button.legal").first.click()
        expect(panel).to_be_hidden()


@page_only
def test_a_move_waits_for_its_own_answer_not_for_another_seats_frame(live_stack, page_log):
    """Issue 29: while a move is on its way, a frame another seat's change sends (Bilal's seat
    taken by a stand-in, the version unchanged) is drawn but leaves the hand held; only the
    answer to the move, a frame past the version it was sent at, lets the player move again.
    The socket runs through the test, which holds the server's answer back until the other
    frame has been drawn, as when the change reaches the server just before the move."""
    table, sessions = written(lambda: a_show_in_hand("points"))
    held: list[dict] = []
    released: list[bool] = []
    shown: dict = {}  # the last state frame the page got
    moves: list[dict] = []
    lines: list = []  # the page's end of the routed socket

    def routed(socket) -> None:
        lines.append(socket)
        server = socket.connect_to_server()

        def from_page(message) -> None:
            server.send(message)
            if json.loads(message)["type"] != "move":
                return
            moves.append(json.loads(message))
            other = copy.deepcopy(shown)
            other["revision"] += 1
            other["seats"][1]["stand_in"] = True
            socket.send(json.dumps(other))

        def from_server(message) -> None:
            frame = json.loads(message)
            # The move's answer, and any state frame after it (the table may change again
            # meanwhile, and a loaded run once let such a frame through first): sent once the
            # other frame is drawn.
            if moves and not released and frame.get("type") == "state":
                held.append(frame)
                return
            if frame.get("type") == "state":
                shown.update(frame)
            socket.send(message)

        socket.on_message(from_page)
        server.on_message(from_server)

    with launched(live_stack, page_log) as pages:
        page = pages.visit(None, session=sessions[0], viewport=PHONE)
        page.route_web_socket(re.compile(rf"/ws/tables/{table.pk}/$"), routed)
        page.goto(f"/tables/{table.pk}/")
        my_turn(page)
        judged(page)  # the socket's own first frame came before the layout's answer
        assert shown["seat"] == 0
        page.locator("#closed-deck").click()
        stand_in = page.locator('#seats .seat[data-seat="1"]')
        expect(stand_in).to_contain_text("a bot plays for now")
        # The other seat's frame is drawn, in the same task as the hand: the hand stays held.
        assert WAITING.search(page.locator("#table").get_attribute("class") or "")
        assert page.locator("#actions .action-discard").count() == 0
        # The server's answer comes to the test on its own time (CI once asserted before it).
        deadline = time.monotonic() + 20
        while not held:
            assert time.monotonic() < deadline, "the server never answered the draw"
            page.wait_for_timeout(20)  # Playwright hands the routed socket's messages over
        assert WAITING.search(page.locator("#table").get_attribute("class") or "")
        assert held[0]["version"] == moves[0]["version"] + 1
        # The server's answer, its revision past the other frame's (the order the server
        # would have sent them in), then whatever came after it: the draw is shown and the
        # player may discard.
        released.append(True)
        for frame in held:
            lines[-1].send(json.dumps({**frame, "revision": frame["revision"] + 1}))
        expect(page.locator("#table")).not_to_have_class(WAITING)
        expect(page.locator("#actions .action-discard")).to_be_visible()
        assert len(moves) == 1
