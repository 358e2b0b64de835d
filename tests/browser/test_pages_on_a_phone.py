"""The pages around the table on a 360 x 640 phone, in Debian's Chromium through the live stack
(issue 30, point 5): lobby, new table, the ranked queue (on the lobby), tournaments, the daily
deal, profile, a player's page, leaderboards, notices and the moderation console. None scrolls
sideways (a wide table scrolls inside its own box or stacks its rows), and axe-core finds nothing
serious or critical on any of them. One page load each; screenshots go to test-artifacts/."""

import pytest
from django.test import Client

from tests.browser.test_language_journey import ARTIFACTS, CHROMIUM, fits_the_screen
from tests.browser.test_tables import launched, written
from tests.live import ROOT

pytestmark = [
    pytest.mark.usefixtures("tables_stopped_afterwards"),
    pytest.mark.browser,
    pytest.mark.xdist_group("live"),
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="!!! BROWSER TESTS SKIPPED: /usr/bin/chromium is missing "
        "(apt-get install chromium chromium-driver; ./dev test does it as root) !!!",
    ),
]

SMALL_PHONE = {"width": 360, "height": 640}
# axe-core from npm, pinned in package-lock.json (./dev installs it with `npm ci`).
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def the_pages():
    """A moderator who has played a ranked match, reported someone, muted them and got a
    notice, and the rows behind every page with an id: a tournament, a table, a case."""
    from accounts.moderation.reports import report_file
    from accounts.moderation.sanctions import member_mute
    from accounts.notices.inbox import notice_send
    from accounts.ratings.services import ratings_record_match
    from tests.games.table_support import members, table_new
    from tests.moderation_support import moderator_make
    from tests.tournaments.support import entered, tournament_made

    mona = moderator_make("mona-phone")
    mona.is_staff = True
    mona.save(update_fields=["is_staff"])
    (ravi,) = members(1, prefix="ravi-phone-")
    table = table_new(mona, "rummy", ["", "easy"])
    report = report_file(
        reporter=mona,
        member_id=ravi.pk,
        reason="chat_abuse",
        note="Kept calling names in the chat, again and again, through the whole match.",
    )
    ratings_record_match(
        game="rummy", match_ref=table.pk, teams=[[mona.pk], [ravi.pk]], ranks=[1, 2]
    )
    member_mute(moderator=mona, member_id=ravi.pk, reason="Names in the chat, three times", days=2)
    tournament = tournament_made(mona, name="Saturday Pool at the long name of a tea stall")
    entered(tournament, [ravi])
    notice_send(
        member_id=mona.pk,
        kind="table.rematch",
        params={"name": ravi.username},
        link=f"/tables/{table.pk}/",
    )
    client = Client()
    client.force_login(mona)
    return {
        "session": client.cookies["sessionid"].value,
        "pages": [
            ("lobby", "/games/rummy/tables/"),
            ("table-new", "/games/courtpiece/tables/new/"),
            ("tournaments", "/games/rummy/tournaments/"),
            ("tournament", f"/tournaments/{tournament.pk}/"),
            ("tournament-new", "/tournaments/new/"),
            ("daily", "/daily/"),
            ("daily-rummy", "/daily/rummy/"),
            ("profile", "/accounts/profile/"),
            ("player", f"/players/{ravi.username}/"),
            ("leaderboards", "/ratings/"),
            ("leaderboard", "/ratings/rummy/"),
            ("notices", "/accounts/notices/"),
            ("console", "/console/"),
            ("console-cases", "/console/cases/"),
            ("console-case", f"/console/cases/{report.case_id}/"),
            ("console-member", f"/console/members/{ravi.pk}/"),
            ("console-audit", "/console/audit/"),
            ("console-tables", "/console/tables/"),
            ("console-table", f"/console/tables/{table.pk}/"),
            ("console-collusion", "/console/collusion/"),
        ],
    }


def axe_findings(context, page) -> list[str]:
    """What axe-core finds serious or critical on the page, one line per rule and element."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map((v) => ({id: v.id, impact: v.impact,"
        " nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3)}))"
    )
    return [f"{v['id']} ({v['impact']}): {v['nodes']}" for v in found if v["impact"] in SERIOUS]


def test_pages_around_the_table_fit_a_360_px_phone_and_pass_axe(live_stack, page_log):
    rows = written(the_pages)
    ARTIFACTS.mkdir(exist_ok=True)
    problems = []
    with launched(live_stack, page_log) as pages:
        url = live_stack.http_url
        # Under our Content-Security-Policy axe's injected script would be refused.
        context = pages.browser.new_context(viewport=SMALL_PHONE, base_url=url, bypass_csp=True)
        context.add_cookies([{"name": "sessionid", "value": rows["session"], "url": url}])
        page = context.new_page()
        pages.log.watch(page, "phone")
        for name, path in rows["pages"]:
            response = page.goto(path)
            assert response is not None and response.status == 200, (path, response)
            page.screenshot(path=str(ARTIFACTS / f"page-{name}-360.png"), full_page=True)
            if not fits_the_screen(page):
                width = page.evaluate("document.documentElement.scrollWidth")
                problems.append(f"{path}: the page is {width} px wide")
            problems += [f"{path}: {finding}" for finding in axe_findings(context, page)]
    assert problems == []
