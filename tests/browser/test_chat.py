"""The table chat in Debian's Chromium, through the live stack (issue 20): a Hindi and an Urdu
reader greet each other with quick phrases, each reading the other's in their own language; a
line full of markup is shown as text (never run) by the page, a spectator's chat stays apart,
and a ban closes the banned member's table page's socket at once."""

from playwright.sync_api import expect

from accounts.moderation.sanctions import member_ban
from tests.browser.support import PHONE, launched, screenshots, session_of, written
from tests.games.table_support import members, table_new
from tests.moderation_support import moderator_make


def chatting_table():
    from games.tables import services

    asha, bilal, chand = members(3, prefix="chat-")
    table = table_new(asha, "rummy", ["", ""], turn_seconds=300)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    return table, (asha, bilal, chand), [session_of(m) for m in (asha, bilal, chand)]


def test_a_hindi_and_an_urdu_reader_greet_each_other_and_a_ban_closes_the_page(
    live_stack, page_log
):
    table, people, sessions = written(chatting_table)
    mona = written(moderator_make)
    with launched(live_stack, page_log) as pages:
        hindi = pages.open(sessions[0], table, "hi", PHONE)
        urdu = pages.open(sessions[1], table, "ur", PHONE)
        spectator = pages.open(sessions[2], table, "en", PHONE)
        # While a match is on the chat waits in the table's sheet, over the felt (issue 30).
        for page in (hindi, urdu, spectator):
            page.locator("#sheet-button").click()
        hindi.locator('#chat [data-phrase="hello"]').click()
        expect(hindi.locator("#chat-lines")).to_contain_text("नमस्ते!")
        expect(urdu.locator("#chat-lines")).to_contain_text("السلام علیکم!")
        urdu.locator('#chat [data-phrase="good_luck"]').click()
        expect(hindi.locator("#chat-lines")).to_contain_text("शुभकामनाएँ!")
        # Text that looks like markup is shown as text: the server accepts "<3", never a tag.
        urdu.locator("#chat-text").fill("5 < 6 > 4 <3")
        urdu.locator("#chat-form button").click()
        expect(hindi.locator("#chat-lines")).to_contain_text("5 < 6 > 4 <3")
        urdu.locator("#chat-text").fill("<img src=x>")
        urdu.locator("#chat-form button").click()
        expect(urdu.locator("#chat-notice")).not_to_be_empty()
        spectator.locator("#chat-text").fill("watching you two")
        spectator.locator("#chat-form button").click()
        expect(spectator.locator("#chat-lines")).to_contain_text("watching you two")
        expect(hindi.locator("#chat-lines li")).to_have_count(3)
        assert screenshots(urdu, "table-chat-ur") == []
        written(lambda: member_ban(moderator=mona, member_id=people[1].pk, reason="abuse", days=1))
        # The banned page reloads at once and says why, in Urdu.
        expect(urdu.locator("h1")).to_have_text("اکاؤنٹ پر پابندی")
        expect(urdu.locator(".ban-why")).to_contain_text("abuse")
        assert hindi.locator("#chat-lines img").count() == 0
