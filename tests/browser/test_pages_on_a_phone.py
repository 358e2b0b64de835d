"""The pages around the table on a 360 x 640 phone, in Debian's Chromium through the live stack
(issue 30, point 5): lobby, new table, the ranked queue (on the lobby), tournaments, the daily
deal, profile, a player's page, leaderboards, notices and the moderation console. None scrolls
sideways (a wide table scrolls inside its own box or stacks its rows), and axe-core finds nothing
serious or critical on any of them. One page load each; screenshots go to test-artifacts/."""

from django.test import Client

from tests.browser.support import ARTIFACTS, axe_findings, fits_the_screen, launched, written

SMALL_PHONE = {"width": 360, "height": 640}


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
