"""Issue 21 in Debian's Chromium: the seat form sends a seed of the browser's own, made by
crypto.getRandomValues in a tiny script the page's policy allows, and the match mixes it in."""

import re

from playwright.sync_api import expect

from games.tables.models import Seat, Table
from games.tables.seeds import match_seed_of
from tests.browser.support import DESKTOP, launched, page_only, session_of, written
from tests.games.table_support import members, table_new

pytestmark = page_only


def test_taking_a_seat_sends_the_browsers_own_seed_and_the_match_mixes_it_in(live_stack, page_log):
    def open_table():
        asha, bilal = members(2, prefix="seeding-")
        return table_new(asha, "rummy", ["", ""], turn_seconds=120), session_of(bilal)

    table, session = written(open_table)
    with launched(live_stack, page_log) as pages:
        page = pages.open(session, table, "en", DESKTOP)
        expect(page.locator(".deal-commitment code")).to_have_text(table.seed_commitment)
        page.locator('#seats .seat[data-seat="1"] button').click()
        expect(page.locator("#hand")).to_be_visible()
        assert page_log.policy_violations() == []
    seed, started = written(
        lambda: (
            Seat.objects.get(table=table, number=1).client_seed,
            Table.objects.get(pk=table.pk),
        )
    )
    assert re.fullmatch(r"[0-9a-f]{64}", seed)
    mixed = match_seed_of(started.server_seed, ["", seed], started.generator_version)
    assert started.initial_state["rng"]["seed"] == mixed
