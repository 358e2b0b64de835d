"""Moderation's writes racing on PostgreSQL, each thread on its own connection (issue 20):
first reports on one member at the same moment make one case, and one member's chat lines
sent at once from several sockets are counted one after the other (no sixth line in 10 s)."""

import threading

import pytest
from django.db import connection

from accounts.moderation.models import Case, Report
from accounts.moderation.reports import report_file
from games.tables import services
from games.tables.models import ChatLine
from games.tables.services.chat import LINES_PER_WINDOW, ChatRefusal, chat_line_post
from tests.games.table_support import members, table_new

pytestmark = [pytest.mark.scaleout, pytest.mark.django_db(transaction=True)]

AT_ONCE = 8


def all_at_once(calls) -> list[object]:
    """Run each call in its own thread, released together; what each returned or raised."""
    start = threading.Barrier(len(calls))
    outcomes: list[object] = [None] * len(calls)

    def run(number, call):
        try:
            start.wait()
            outcomes[number] = call()
        except Exception as error:  # kept to be looked at by the test
            outcomes[number] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


def test_first_reports_sent_together_merge_into_one_case():
    suspect, *reporters = members(AT_ONCE + 1)
    outcomes = all_at_once(
        [
            lambda reporter=reporter: report_file(
                reporter=reporter, member_id=suspect.pk, reason="cheating"
            )
            for reporter in reporters
        ]
    )
    assert all(isinstance(outcome, Report) for outcome in outcomes), outcomes
    assert Case.objects.filter(member=suspect).count() == 1
    assert Report.objects.filter(case__member=suspect).count() == AT_ONCE


def test_one_members_lines_sent_at_once_keep_the_flood_rule():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""], turn_seconds=300)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
    outcomes = all_at_once(
        [
            lambda text=text: chat_line_post(table_id=table.pk, user_id=asha.pk, text=text)
            for text in words[:AT_ONCE]
        ]
    )
    refused = [o for o in outcomes if isinstance(o, ChatRefusal)]
    assert {refusal.code for refusal in refused} == {"chat_too_fast"}
    assert ChatLine.objects.filter(author=asha).count() == LINES_PER_WINDOW
