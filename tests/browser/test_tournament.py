"""Issue 19 in Chromium, through the live stack (the judged scenario's start): a member makes a
private Deals tournament through the form (late entry allowed, check-in open), three friends
enter through its invite link, two of them check in with the organiser and one does not (the
no-show), the organiser starts it now, each browser checked in is taken to its table by the
page itself while the no-show is told they were withdrawn, a fifth friend joins late before
the first move (point 2), a few moves are played there, and the tournament page's round view
shows the table and its players."""

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.support import (
    WAITING,
    launched,
    my_turn,
    play_one_move,
    written,
)
from tests.games.table_support import members

TABLE_URL = re.compile(r"/tables/(\d+)/$")


def five_friends():
    """Five members (none staff) and their session cookies."""
    people = members(5, prefix="friend-")
    sessions = []
    for member in people:
        client = Client()
        client.force_login(member)
        sessions.append(client.cookies["sessionid"].value)
    return people, sessions


def signed_in(pages, session):
    return pages.visit(None, session=session)


def to_move(table_id: int) -> int:
    """The user id of the member to move at the table now (read from its row)."""
    from games.engine import GAMES
    from games.tables.models import Table

    table = Table.objects.get(pk=table_id)
    seat = GAMES[table.game].from_json(table.state).to_move()[0]
    return table.seats.get(number=seat).user_id


def test_a_private_deals_tournament_made_entered_and_started_takes_each_browser_to_its_table(
    live_stack, page_log
):
    people, sessions = written(five_friends)
    people = [member for at, member in enumerate(people) if at != 3]  # those who play
    starts = (timezone.now() + timedelta(hours=2)).astimezone(ZoneInfo("Asia/Kolkata"))
    with launched(live_stack, page_log) as pages:
        organiser, *friends, absent, late = (signed_in(pages, session) for session in sessions)

        organiser.goto("/tournaments/new/")
        organiser.fill("#id_name", "Friday friends")
        organiser.select_option("#id_format", "deals")
        organiser.fill("#id_starts_at", starts.strftime("%Y-%m-%dT%H:%M"))
        # Check-in opens 150 minutes before a start two hours away: it is open already.
        organiser.fill("#id_check_in_minutes", "150")
        organiser.fill("#id_max_entrants", "10")
        organiser.fill("#id_per_table", "4")
        organiser.fill("#id_qualifiers", "1")
        organiser.fill("#id_turn_seconds", "60")
        organiser.check("#id_late_entry")
        organiser.get_by_role("button", name="Create").click()
        expect(organiser).to_have_url(re.compile(r"/tournaments/\d+/$"))
        invite = organiser.locator("input[readonly]").input_value()
        assert "?invite=" in invite
        organiser.get_by_role("button", name="Register").click()
        organiser.get_by_role("button", name="Check in").click()
        expect(organiser.locator(".tournament-entry")).to_contain_text("checked in")

        for page in (*friends, absent):
            page.goto(invite)
            page.get_by_role("button", name="Register").click()
            expect(page.locator(".tournament-entry")).to_contain_text("registered")
        for page in friends:  # the absent friend never checks in
            page.get_by_role("button", name="Check in").click()
            expect(page.locator(".tournament-entry")).to_contain_text("checked in")
        expect(friends[0].locator(".entrants li")).to_have_count(4)

        organiser.reload()
        organiser.locator("details.organiser > summary").click()
        start = organiser.locator("form[action$='/start-now/']")
        start.locator("input[name=reason]").fill("everyone is here")
        start.get_by_role("button", name="Start now").click()

        # Each browser is taken to the table by the tournament page (its socket's push, then
        # the reader's own line), the organiser's by the answer to Start now itself.
        table_ids = set()
        for page in (organiser, *friends):
            expect(page).to_have_url(TABLE_URL, timeout=20_000)
            table_ids.add(int(TABLE_URL.search(page.url).group(1)))
        (table_id,) = table_ids  # three entrants, up to four a table: one table, the final

        # The one who did not check in is not seated: withdrawn, and told so on the page.
        absent.reload()
        expect(absent.locator(".tournament-entry")).to_contain_text("withdrawn: not checked in")
        assert TABLE_URL.search(absent.url) is None

        # Before the first move the fourth joins late, at that table; the others' pages get
        # the new deal (four hands) without a reload.
        late.goto(invite)
        late.get_by_role("button", name="Join late").click()
        expect(late).to_have_url(re.compile(rf"/tables/{table_id}/$"), timeout=20_000)
        for page in (organiser, *friends, late):
            expect(page.locator("#seats li.seat")).to_have_count(4, timeout=20_000)
        everyone = (organiser, *friends, late)
        by_member = dict(zip((member.pk for member in people), everyone, strict=True))

        for _ in range(4):  # two turns: each a draw and a discard
            page = by_member[written(lambda: to_move(table_id))]
            assert my_turn(page)
            play_one_move(page, use_keyboard=False)
            expect(page.locator("#table")).not_to_have_class(WAITING, timeout=20_000)

        organiser.goto(invite)
        round_table = organiser.locator(f".round-table[data-table='{table_id}']")
        for member in people:
            expect(round_table).to_contain_text(member.username)
        expect(round_table.locator("caption")).to_contain_text("playing")
        expect(organiser.locator(".tournament-round summary").first).to_contain_text("Final")
        watch = round_table.get_by_role("link", name="Watch")
        assert watch.get_attribute("href").startswith(f"/tables/{table_id}/")
