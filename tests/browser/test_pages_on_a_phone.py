"""The pages around the table on a 360 x 640 phone, in Debian's Chromium through the live stack
(issue 30, point 5): lobby, new table, the ranked queue (on the lobby), tournaments, the daily
deal, profile, a player's page, leaderboards, notices and the moderation console. None scrolls
sideways (a wide table scrolls inside its own box or stacks its rows), and axe-core finds nothing
serious or critical on any of them. One page load each; screenshots go to test-artifacts/."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser.support import ARTIFACTS, axe_findings, fits_the_screen, launched, written

# What is asserted is the browser's layout and axe's findings; the rows behind the pages are
# written by the same services in both passes, so the scale-out pass's PostgreSQL would change
# nothing of it and leaves this out (tools/testrun.py).
pytestmark = pytest.mark.embedded_only

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
        # Under our Content-Security-Policy axe's injected script would be refused.
        page = pages.visit(
            None, session=rows["session"], viewport=SMALL_PHONE, name="phone", bypass_csp=True
        )
        context = page.context
        for name, path in rows["pages"]:
            response = page.goto(path)
            assert response is not None and response.status == 200, (path, response)
            page.screenshot(path=str(ARTIFACTS / f"page-{name}-360.png"), full_page=True)
            if not fits_the_screen(page):
                width = page.evaluate("document.documentElement.scrollWidth")
                problems.append(f"{path}: the page is {width} px wide")
            problems += [f"{path}: {finding}" for finding in axe_findings(context, page)]
    assert problems == []


def a_member():
    from tests.games.table_support import members

    client = Client()
    client.force_login(members(1, prefix="menu-")[0])
    return client.cookies["sessionid"].value


def expanded(page, selector: str) -> bool:
    """The expanded state the browser gives a screen reader for the element (a <summary>
    carries no aria-expanded attribute: its <details> says it)."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})
    states = {item["name"]: item["value"]["value"] for item in ax["nodes"][0].get("properties", [])}
    return states["expanded"]


# The screens a phone is held in (issue 30, point 5), and a laptop's.
MENU_SCREENS = [
    ("en", {"width": 360, "height": 640}, True),
    ("ur", {"width": 360, "height": 640}, True),
    ("hi", {"width": 740, "height": 360}, True),
    ("en", {"width": 1280, "height": 800}, False),
]


def test_the_site_menu_is_a_button_on_a_phone_and_a_row_on_a_wide_screen(live_stack, page_log):
    """Issue 30, point 5: on a phone, held either way, the site's menu is behind one button
    at the end of the bar (the bar one line, the page's own content starting under it), which
    opens and closes from the keyboard and says so to a screen reader; on a laptop the menu
    is shown whole. The menu took about 190 px of a 360 x 640 screen before."""
    session = written(a_member)
    problems = []
    with launched(live_stack, page_log) as pages:
        for language, screen, behind_a_button in MENU_SCREENS:
            page = pages.visit(
                "/games/rummy/tables/",
                session=session,
                language=language,
                viewport=screen,
                name=f"menu {language}",
            )
            context = page.context
            where = f"{language} {screen['width']}x{screen['height']}"
            profile = page.locator(".site-nav a[href='/accounts/profile/']")
            button = page.locator(".site-menu > summary")
            if not behind_a_button:
                expect(profile).to_be_visible()
                if button.is_visible():
                    problems.append(f"{where}: a menu button on a wide screen")
                context.close()
                continue
            header = page.locator(".site-header").bounding_box()
            if header["height"] > 72:
                problems.append(f"{where}: the header is {header['height']:.0f} px tall")
            expect(profile).to_be_hidden()
            assert expanded(page, ".site-menu > summary") is False, where
            button.focus()
            page.keyboard.press("Enter")
            expect(profile).to_be_visible()
            assert expanded(page, ".site-menu > summary") is True, where
            links = page.locator(".site-nav a").all()
            outside = [
                link.inner_text()
                for link in links
                if (box := link.bounding_box()) is None
                or box["x"] < 0
                or box["x"] + box["width"] > screen["width"]
                or box["height"] < 44
            ]
            if outside:
                problems.append(f"{where}: links off the screen or under 44 px: {outside}")
            page.screenshot(path=str(ARTIFACTS / f"menu-{language}-{screen['width']}.png"))
            page.keyboard.press("Enter")
            expect(profile).to_be_hidden()
            context.close()
    assert problems == []
