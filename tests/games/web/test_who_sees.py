"""The three doors issue 28 found open, each a view that forgot to ask who is asking: a chat
line's report page, a report from a table, and the ranked daily deal played first as a visitor.
"""

import re

import pytest
from django.test import Client
from django.utils import timezone

from accounts.moderation.models import Report
from games.tables import services
from games.tables.models import ChatLine, ChatRoom
from tests.games.table_support import members, signed_in, table_new
from tests.moderation_support import client_of, moderator_make

pytestmark = pytest.mark.django_db


@pytest.fixture
def private_table():
    """A private table of Asha and Bilal, with a line in each room and a deleted one."""
    asha, bilal = members(2, prefix="seated")
    table = table_new(asha, "rummy", ["", ""], private=True, allow_spectators=True)
    services.table_seat_take(
        table_id=table.pk, user_id=bilal.pk, number=1, invite=table.invite_token
    )
    players = ChatLine.objects.create(
        table=table, author=bilal, room=ChatRoom.PLAYERS, text="secret plan"
    )
    watcher = members(1, prefix="watcher")[0]
    spectators = ChatLine.objects.create(
        table=table, author=watcher, room=ChatRoom.SPECTATORS, text="nice hand"
    )
    deleted = ChatLine.objects.create(
        table=table, author=bilal, room=ChatRoom.PLAYERS, text="awful", deleted_at=timezone.now()
    )
    return table, asha, bilal, players, spectators, deleted


# -- 1. a chat line's report page ------------------------------------------------------------


def test_a_stranger_gets_the_404_of_a_missing_line_for_every_line_of_a_private_table(
    private_table,
):
    """Issue 28, hole 1: the line, its author and its report form only for its readers."""
    _table, _asha, _bilal, players, spectators, deleted = private_table
    stranger = signed_in(members(1, prefix="stranger")[0])
    missing = stranger.get(f"/chat/{deleted.pk + 1000}/report/")
    assert missing.status_code == 404
    for line in (players, spectators, deleted):
        for method in ("get", "post"):
            answer = getattr(stranger, method)(f"/chat/{line.pk}/report/", {"reason": "other"})
            assert answer.status_code == 404
            assert _body(answer) == _body(missing)
            assert line.text not in answer.content.decode()
    assert not Report.objects.exists()


def test_a_spectator_never_reads_the_players_room_nor_a_player_the_spectators(private_table):
    table, asha, _bilal, players, spectators, _deleted = private_table
    invite = f"?invite={table.invite_token}"
    watcher = signed_in(members(1, prefix="guest")[0])
    assert watcher.get(f"/chat/{players.pk}/report/{invite}").status_code == 404
    page = watcher.get(f"/chat/{spectators.pk}/report/{invite}")
    assert page.status_code == 200 and "nice hand" in page.content.decode()
    assert f"/tables/{table.pk}/?invite={table.invite_token}" in page.content.decode()
    # Without the invite the private table is not theirs to see.
    assert watcher.get(f"/chat/{spectators.pk}/report/").status_code == 404
    seated = signed_in(asha)
    assert seated.get(f"/chat/{spectators.pk}/report/").status_code == 404
    assert "secret plan" in seated.get(f"/chat/{players.pk}/report/").content.decode()
    seated.post(f"/chat/{players.pk}/report/", {"reason": "chat_abuse"})
    assert Report.objects.get().chat_line_id == players.pk


def test_a_deleted_line_is_for_moderators_only(private_table):
    _table, asha, _bilal, _players, _spectators, deleted = private_table
    assert signed_in(asha).get(f"/chat/{deleted.pk}/report/").status_code == 404
    page = client_of(moderator_make()).get(f"/chat/{deleted.pk}/report/")
    assert page.status_code == 200 and "awful" in page.content.decode()


def test_a_visitor_is_sent_to_sign_in_for_any_line_alike(private_table):
    _table, _asha, _bilal, players, _spectators, deleted = private_table
    for line_id in (players.pk, deleted.pk + 1000):
        answer = Client().get(f"/chat/{line_id}/report/")
        assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def _body(answer) -> str:
    """A page's own content (its frame differs from one request to the next: the CSRF token,
    the CSP nonce, the sign-in link's return path)."""
    return re.search(r"<main.*</main>", answer.content.decode(), re.DOTALL).group(0)


# -- 2. a report from a table ----------------------------------------------------------------


def test_a_stranger_reporting_from_a_private_table_gets_the_404_of_a_missing_table(
    private_table,
):
    """Issue 28, hole 2: the answer never tells a stranger who sits at a private table."""
    table, _asha, bilal, *_lines = private_table
    stranger = signed_in(members(1, prefix="prober")[0])
    form = {"member": bilal.pk, "reason": "other"}
    missing = stranger.post(f"/tables/{table.pk + 1000}/report/", form, follow=True)
    assert missing.status_code == 404
    for member in (bilal.pk, bilal.pk + 1000):
        answer = stranger.post(
            f"/tables/{table.pk}/report/", {**form, "member": member}, follow=True
        )
        assert answer.status_code == 404 and _body(answer) == _body(missing)
    assert not Report.objects.exists()
    # With the table's invite, it is theirs to see, and to report from.
    invited = stranger.post(f"/tables/{table.pk}/report/?invite={table.invite_token}", form)
    assert invited.status_code == 302
    assert invited["Location"] == f"/tables/{table.pk}/?invite={table.invite_token}"
    assert Report.objects.get().case.member == bilal


def test_a_table_closed_to_spectators_takes_reports_from_its_players_only():
    asha, bilal, chand = members(3, prefix="closed")
    table = table_new(asha, "rummy", ["", ""], allow_spectators=False, turn_seconds=300)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    form = {"member": bilal.pk, "reason": "stalling"}
    assert signed_in(chand).post(f"/tables/{table.pk}/report/", form).status_code == 404
    assert signed_in(asha).post(f"/tables/{table.pk}/report/", form).status_code == 302
    assert Report.objects.get().reporter == asha


def test_every_try_at_a_report_counts_and_past_ten_an_hour_is_refused_in_hindi(private_table):
    """Issue 28, point 4: refused tries count too (a refusal is an answer), ten an hour."""
    from accounts.moderation.reports import REPORT_TRIES_PER_HOUR

    table, asha, bilal, players, *_rest = private_table
    client = signed_in(asha)
    client.cookies["django_language"] = "hi"
    for _try in range(REPORT_TRIES_PER_HOUR):
        client.post(f"/tables/{table.pk}/report/", {"member": bilal.pk, "reason": "no such"})
    assert not Report.objects.exists()
    refusal = "आपने पिछले एक घंटे में कई शिकायतें भेजी हैं: थोड़ी देर रुकें।"
    for path, form in (
        (f"/tables/{table.pk}/report/", {"member": bilal.pk, "reason": "stalling"}),
        (f"/chat/{players.pk}/report/", {"reason": "chat_abuse"}),
        (f"/players/{bilal.username}/report/", {"reason": "other"}),
    ):
        answer = client.post(path, form, follow=True)
        assert refusal in answer.content.decode()
    assert not Report.objects.exists()


# -- 3. the ranked daily deal ----------------------------------------------------------------


def test_the_ranked_deal_opens_to_visitors_once_its_day_is_over_and_the_practice_deal_verifies(
    monkeypatch,
):
    """Issue 28, hole 3: a visitor plays the practice deal; the ranked one, its tables and
    replays, open to them when the day is over; both deals check from their revealed seeds."""
    import hashlib

    from games.daily.days import day_end
    from games.daily.models import VisitorTry
    from games.tables.verify import deal_verify
    from tests.games.daily.daily_support import begin, play_out

    (asha,) = members(1, prefix="ranked")
    attempt = begin(asha, "unders")
    play_out(attempt)
    visitor = Client()
    visitor.post("/daily/unders/play/")
    tried = VisitorTry.objects.get()
    play_out(tried)
    ranked_table = f"/tables/{attempt.table_id}/"
    assert visitor.get(ranked_table).status_code == 404
    assert visitor.get(f"{ranked_table}replay/").status_code == 404
    later = day_end(attempt.day)
    monkeypatch.setattr("django.utils.timezone.now", lambda: later)
    assert visitor.get(ranked_table).status_code == 200
    assert visitor.get(f"{ranked_table}replay/").status_code == 200
    tried.table.refresh_from_db()
    attempt.table.refresh_from_db()
    practice = hashlib.sha256(f"{attempt.deal.seed}:practice".encode()).hexdigest()
    assert tried.table.server_seed == practice
    assert deal_verify(tried.table, server_seed=practice).cards > 0
    assert deal_verify(attempt.table, server_seed=attempt.deal.seed).cards > 0
