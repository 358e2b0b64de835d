"""The browser tests' shared set-up: Chromium on the live stack, screens, writing rows from
outside Playwright's event loop, playing a move as a person would, axe-core."""

import re
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connections
from django.test import Client
from playwright.sync_api import expect

from games.tables.models import TableStatus
from tests.games.table_support import match_of, members, table_new
from tests.live import ROOT

CHROMIUM = Path("/usr/bin/chromium")

# A test of what happens in one page (its layout, motion, words, keys, screen readers) over rows
# the same services write in both passes: the scale-out pass's PostgreSQL, Redis and Celery would
# change nothing of what it asserts, so it runs in the embedded pass only (tools/testrun.py). A
# test of browsers meeting through the server (chat, told, the queue, tournaments, two players at
# one table) runs in both. Half of the scale-out pass's time went to browser tests run twice.
page_only = pytest.mark.embedded_only


ARTIFACTS = ROOT / "test-artifacts"


PHONE, DESKTOP = {"width": 360, "height": 740}, {"width": 1280, "height": 800}


PASSWORD = "Sialkot-Saffron-31"


def signed_up(page, name: str) -> None:
    """``name`` signs up on the page's sign-up form (already open) and is taken home."""
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.com")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    page.wait_for_url(re.compile(r"^[^?#]*://[^/]+/$"))


def fits_the_screen(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


WAITING = re.compile(r"(^|\s)waiting(\s|$)")


# Seconds a whole short match may take at the table, bots moving at once.
MATCH_SECONDS = 150


LEVELS = {
    "rummy": ["", "easy"],
    "courtpiece": ["", "easy", "easy", "easy"],
    "pitch": ["", "easy", "easy", "easy"],
    # Two-player Hidden Unders runs long (piles pass back and forth): four finish sooner.
    "unders": ["", "easy", "easy", "easy"],
}


class TablePages:
    """Chromium on the live stack: its pages, each in a browser context of its own and watched
    by the test's page log."""

    def __init__(self, browser, live_stack, log) -> None:
        self.browser, self.live_stack, self.log = browser, live_stack, log

    def visit(
        self,
        path,
        *,
        session=None,
        language="en",
        viewport=DESKTOP,
        script=None,
        name=None,
        **options,
    ):
        """``path`` in a fresh browser context, a visitor's or signed in with ``session``, in
        ``language``, watched by the test's page log as ``name`` (the language by default).
        ``script``: JavaScript run before the page's own; ``options``: the context's, such as
        bypass_csp for axe-core or timezone_id. ``path`` None: the page is left blank, for a
        test that reads the answer to its own ``goto`` or grants permissions first (the
        context is ``page.context``)."""
        url = self.live_stack.http_url
        context = self.browser.new_context(viewport=viewport, base_url=url, **options)
        if script:
            context.add_init_script(script)
        cookies = [{"name": "django_language", "value": language, "url": url}]
        if session:
            cookies.append({"name": "sessionid", "value": session, "url": url})
        context.add_cookies(cookies)
        page = context.new_page()
        self.log.watch(page, name or language)
        if path is not None:
            page.goto(path)
        return page

    def open(self, session, table, language="en", viewport=DESKTOP, script=None, **options):
        """The table's page, signed in with ``session`` (see ``visit``)."""
        return self.visit(
            f"/tables/{table.pk}/",
            session=session,
            language=language,
            viewport=viewport,
            script=script,
            **options,
        )


@contextmanager
def chromium_started():
    """Debian's Chromium, headless, under Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
        )
        yield chromium
        chromium.close()


@contextmanager
def launched(live_stack, log):
    """Chromium, started after the test's rows are written: Playwright's event loop would
    refuse Django's database calls."""
    with chromium_started() as chromium:
        yield TablePages(chromium, live_stack, log)


def written(write):
    """``write()`` in a thread of its own (a Playwright event loop left in this one would refuse
    the database), its connection given back afterwards: a thread that ends holding one would
    keep it from the pool (scale-out) for good."""

    def run():
        try:
            return write()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


# Tables tried before ``seated`` gives up: each ends before the member's turn 1 time in 40.
SEATED_TRIES = 5


def seated(game: str):
    """A member at a new table of ``game`` with bots, once the turn is theirs, and their session
    cookie. Written from a thread of its own: a Playwright event loop left in this one would
    refuse the database.

    A rummy Points match is one deal: a bot's first-turn drop (RM-17) or show ends it before the
    member's turn, about 1 deal in 40 against an Easy bot (a browser test then met the result,
    not its turn). Such a table is set aside for a new one, with a new member: the set-aside
    one's name is taken."""

    def write():
        for attempt in range(SEATED_TRIES):
            (member,) = members(1, prefix=f"{game}-{attempt}-")
            table = table_new(member, game, LEVELS[game], turn_seconds=60)
            if _turn_comes(table, member):
                client = Client()
                client.force_login(member)
                return table, client.cookies["sessionid"].value
        raise AssertionError(f"{SEATED_TRIES} {game} tables ended before the member's turn")

    return written(write)


def _turn_comes(table, member, seconds: float = 30) -> bool:
    """Whether the member's turn comes while the match is on (the live stack's bots move)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table.refresh_from_db()
        if table.status != TableStatus.PLAYING:
            return False
        seat = table.seats.get(user=member).number
        if seat in match_of(table).to_move():
            return True
        time.sleep(0.05)
    raise AssertionError(f"the {table.game} bots did not move in {seconds} s")


# Resolves with the element's middle once it is laid out with a size, or null once the page has
# taken it out (a frame drew the hand again) or two seconds have passed.
MIDDLE_WHEN_SHOWN = """(e) => new Promise((done) => {
    const deadline = performance.now() + 2000;
    const look = () => {
        const r = e.getBoundingClientRect();
        if (r.width > 0 && r.height > 0) done([r.x + r.width / 2, r.y + r.height / 2]);
        else if (!e.isConnected || performance.now() > deadline) done(null);
        else requestAnimationFrame(look);
    };
    look();
})"""


def centre(locator, seconds: float = 10) -> tuple[float, float]:
    """The middle of what ``locator`` finds, measured inside the page on the element as it
    matches: a handle found first and measured after can point at nothing once the next frame
    draws the hand again, and a card just drawn may not have its size yet."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        middle = locator.evaluate(MIDDLE_WHEN_SHOWN)
        if middle is not None:
            return middle[0], middle[1]
    raise AssertionError(f"{locator} was not shown with a size within {seconds} s")


def painted(page) -> None:
    """Returns once the page has laid out and painted what changed (two animation frames)."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def moves_drawn(page) -> None:
    """Returns once the moves a card's tap changes are drawn: the page draws them once the tap's
    own frame is painted (static/js/table/state.js afterPaint: a timer set in that frame), and
    this waits for that frame and a timer set after it."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")


def screenshots(page, name: str) -> list[str]:
    """Screenshots at phone and desktop widths; the widths at which the page is too wide."""
    ARTIFACTS.mkdir(exist_ok=True)
    too_wide = []
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        painted(page)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{viewport['width']}.png"), full_page=True)
        if not fits_the_screen(page):
            too_wide.append(f"{name} at {viewport['width']} px")
    return too_wide


def my_turn(page) -> bool:
    page.wait_for_selector("#table.my-turn, #result", timeout=30_000)
    return page.locator("#result").count() == 0


def sort_pressed(page) -> None:
    """The Sort button pressed and its own answer laid out (the page counts them), not only the
    judging of the layout before it: the answer clears the selection, so cards tapped before
    it arrived would be let go."""
    before = int(page.locator("#table").get_attribute("data-sorted") or 0)
    page.locator("#sort-button").click()
    expect(page.locator(f"#table[data-sorted='{before + 1}']")).to_be_attached()


MOVABLE = ", ".join(
    (
        "#closed-deck:enabled",
        ".action-discard",
        ".choice-row:visible button.legal",
        "#hand .card-button.legal",
        "#seats .card-button.legal",
        "#actions button.action:enabled",
    )
)
"""Whatever a player can tap to move."""


def play_one_move(page, use_keyboard: bool) -> None:
    """One legal move as a person would find it: a pile, a suit or bid, a card, a button."""
    # The turn's class and the things to tap are drawn by one frame, but a busy machine has
    # been seen to look between them: look only once something can be tapped.
    page.locator(MOVABLE).first.wait_for()
    deck = page.locator("#closed-deck:enabled")
    if deck.count():
        deck.press("Enter") if use_keyboard else deck.click()
        return
    discard = page.locator(".action-discard")
    if discard.count():
        page.locator("#hand .card-button:not(.dimmed)").last.click()
        discard.click()
        return
    choice = page.locator(".choice-row:visible button.legal")
    if choice.count():
        choice.first.click()
        return
    legal = page.locator("#hand .card-button.legal, #seats .card-button.legal")
    if legal.count():
        several = page.locator("#actions button.action:disabled")
        lifts = legal.first.evaluate(
            "card => card.hasAttribute('aria-selected') || card.hasAttribute('aria-pressed')"
        )
        if lifts and several.count():
            # Moves of several cards (overs, plays of one rank): select until one matches.
            for index in range(legal.count()):
                legal.nth(index).click()
                moves_drawn(page)
                if page.locator("#actions button.action:enabled").count():
                    break
            page.locator("#actions button.action:enabled").first.click()
            return
        legal.first.focus()
        page.keyboard.press("Enter") if use_keyboard else legal.first.click()
        return
    page.locator("#actions button.action:enabled").first.click()


def play_to_the_end(page, moves_before_stopping=None) -> int:
    """Moves whenever it is this seat's turn until the result screen shows; the moves made."""
    made = 0
    deadline = time.monotonic() + MATCH_SECONDS
    while my_turn(page):
        assert time.monotonic() < deadline, "the match did not end in time"
        if moves_before_stopping is not None and made >= moves_before_stopping:
            return made
        play_one_move(page, use_keyboard=made % 2 == 0)
        made += 1
        expect(page.locator("#table")).not_to_have_class(WAITING, timeout=20_000)
    return made


RANK_FLOOR_PX = 11
"""The least height of a small card's rank on a 360 px phone (issue 22: it was about 6 px)."""


def chip_rank_height(within) -> dict:
    """The first card chip's rank in ``within`` (a page or a part of it): its box
    (getBoundingClientRect) and, for the record, its font size and the ink height of its
    glyphs (canvas text metrics, in the chip's own font)."""
    return within.locator(".card-chip .chip-rank").first.evaluate(
        """rank => {
            const style = getComputedStyle(rank);
            const context = document.createElement("canvas").getContext("2d");
            context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const ink = context.measureText(rank.textContent);
            return {
                box: rank.getBoundingClientRect().height,
                font: parseFloat(style.fontSize),
                ink: ink.actualBoundingBoxAscent + ink.actualBoundingBoxDescent,
                text: rank.textContent,
            };
        }"""
    )


def rewritten(table, match) -> None:
    """The table's match replaced by one set up through the engine, as if it had been dealt:
    the state and the initial state both (the replay stays exact), the clock far ahead. Under
    the table's lock and from version 0 whatever a bot did meanwhile (a bot may be first to
    move at the table made at random, and move before this runs): its moves and memories go."""
    from datetime import timedelta

    from django.db import transaction
    from django.db.models import F
    from django.utils import timezone

    from games.tables.models import Move, Seat, Table

    state = match.to_json()
    with transaction.atomic():
        Table.objects.select_for_update().get(pk=table.pk)
        Move.objects.filter(table_id=table.pk).delete()
        Seat.objects.filter(table_id=table.pk).update(bot_memory=None, timeouts_in_row=0)
        Table.objects.filter(pk=table.pk).update(
            state=state,
            initial_state=state,
            version=0,
            deadline=timezone.now() + timedelta(minutes=10),
            clock_queued=False,
            bot_due=None,
            revision=F("revision") + 1,
        )


def members_at(game, count, **settings):
    """A table of ``count`` members, started; their session cookies by seat."""
    from games.tables import services

    people = members(count, prefix=f"{game}-{count}-")
    table = table_new(people[0], game, [""] * count, **settings)
    for number, member in enumerate(people[1:], start=1):
        services.table_seat_take(table_id=table.pk, user_id=member.pk, number=number)
    sessions = []
    for member in people:
        client = Client()
        client.force_login(member)
        sessions.append(client.cookies["sessionid"].value)
    return table, people, sessions


def judged(page) -> None:
    """The server has judged the layout on the page: no group waits for its label."""
    expect(page.locator("#hand .group").first).to_be_attached()
    expect(page.locator("#hand .kind-pending")).to_have_count(0)
    expect(page.locator("#arrange-status")).to_contain_text("points")


def session_of(member) -> str:
    client = Client()
    client.force_login(member)
    return client.cookies["sessionid"].value


# axe-core from npm, pinned in package-lock.json (./dev installs it with `npm ci`).
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


SERIOUS = ("serious", "critical")


def axe_findings(context, page) -> list[str]:
    """What axe-core finds serious or critical on the page, one line per rule and element."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map((v) => ({id: v.id, impact: v.impact,"
        " nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3)}))"
    )
    return [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in found if v["impact"] in SERIOUS]
