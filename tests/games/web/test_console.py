"""The moderators' console over HTTP (issue 20, points 1, 2, 3, 7 and 8): 403 for anyone else,
the pages in the three languages, filters, acts with their refusals, and names escaped."""

import pytest
from django.test import Client

from accounts.moderation.audit import audit_entries
from accounts.moderation.models import Case, Report, Sanction, SanctionKind
from accounts.moderation.reports import report_file
from accounts.moderation.sanctions import member_ban, member_mute
from games.tables import services
from games.tables.models import ChatLine, ChatRoom, Table, TableStatus
from games.web.console import console_may_watch, console_render
from tests.games.table_support import members, signed_in, table_new
from tests.moderation_support import client_of

pytestmark = pytest.mark.django_db

CONSOLE_GETS = [
    "/console/",
    "/console/cases/",
    "/console/audit/",
    "/console/tables/",
    "/console/collusion/",
]


@pytest.fixture
def playing():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""], turn_seconds=300)
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    table.refresh_from_db()
    return table, asha, bilal


@pytest.mark.parametrize("path", CONSOLE_GETS)
def test_a_member_or_visitor_gets_403_and_a_moderator_the_page_in_each_language(path, mona):
    (member,) = members(1, prefix="plain")
    assert Client().get(path).status_code == 403
    assert signed_in(member).get(path).status_code == 403
    for language in ("en", "hi", "ur"):
        client = client_of(mona)
        client.cookies["django_language"] = language
        response = client.get(path)
        assert response.status_code == 200
        assert f'lang="{language}"' in response.content.decode()


def test_every_moderation_post_is_refused_to_a_member_and_changes_nothing(playing):
    table, asha, bilal = playing
    line = ChatLine.objects.create(table=table, author=bilal, room=ChatRoom.PLAYERS, text="hi")
    report_file(reporter=asha, member_id=bilal.pk, reason="other")
    case = Case.objects.get()
    client = signed_in(asha)
    posts = [
        (f"/console/tables/{table.pk}/end/", {"reason": "x"}),
        (f"/console/tables/{table.pk}/remove/", {"member": bilal.pk, "reason": "x"}),
        (f"/console/chat/{line.pk}/delete/", {}),
        (f"/console/members/{bilal.pk}/sanction/", {"kind": "ban", "for_good": "1", "reason": "x"}),
        (f"/console/cases/{case.pk}/claim/", {}),
        (f"/console/cases/{case.pk}/close/", {"outcome": "x"}),
    ]
    for path, data in posts:
        assert client.post(path, data).status_code == 403, path
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert not Sanction.objects.exists() and not audit_entries().exists()
    assert ChatLine.objects.get().deleted_at is None


def test_the_console_lists_live_tables_filtered_by_game_ranked_and_reported(mona, playing):
    table, asha, bilal = playing
    other = table_new(members(1, prefix="solo")[0], "pitch", ["", "easy", "easy", "easy"])
    client = client_of(mona)
    everything = client.get("/console/tables/").content.decode()
    assert f'data-table="{table.pk}"' in everything and f'data-table="{other.pk}"' in everything
    rummy = client.get("/console/tables/?game=rummy").content.decode()
    assert f'data-table="{other.pk}"' not in rummy
    assert (
        f'data-table="{table.pk}"'
        not in client.get("/console/tables/?ranked=ranked").content.decode()
    )
    assert (
        f'data-table="{table.pk}"' not in client.get("/console/tables/?reported=1").content.decode()
    )
    signed_in(asha).post(
        f"/tables/{table.pk}/report/", {"member": bilal.pk, "reason": "stalling", "note": "slow"}
    )
    reported = client.get("/console/tables/?reported=1").content.decode()
    assert f'data-table="{table.pk}"' in reported and f'data-table="{other.pk}"' not in reported


def test_the_console_filters_the_tables_of_tournament_rounds(mona, playing):
    """Issue 20, point 2: "tournament" shows the tables a tournament's round plays at, and
    only those."""
    from tests.tournaments.support import entered, organiser, people, started, tournament_made

    table, _asha, _bilal = playing
    weekend = tournament_made(organiser(), format="deals", min_entrants=2)
    entered(weekend, people(4))
    started(weekend)
    round_tables = list(Table.objects.filter(tournament_table__round__tournament=weekend))
    assert round_tables
    shown = client_of(mona).get("/console/tables/?ranked=tournament").content.decode()
    assert all(f'data-table="{t.pk}"' in shown for t in round_tables)
    assert f'data-table="{table.pk}"' not in shown
    casual = client_of(mona).get("/console/tables/?ranked=casual").content.decode()
    assert f'data-table="{table.pk}"' in casual


def test_the_console_is_a_live_page_for_moderators_only(mona, playing):
    asha = playing[1]
    assert console_may_watch(mona, "all-any-all", None)
    assert not console_may_watch(asha, "all-any-all", None)
    with pytest.raises(LookupError):
        console_may_watch(mona, "chess-any-all", None)
    pushed = console_render("rummy-casual-all", ["en", "ur"])
    assert set(pushed) == {"en", "ur"} and 'id="console-tables"' in pushed["ur"]


def test_a_moderator_ends_a_stuck_table_from_the_console_and_finds_it_in_the_log(mona, playing):
    table = playing[0]
    client = client_of(mona)
    refused = client.post(f"/console/tables/{table.pk}/end/", {"reason": ""}, follow=True)
    assert "Give a reason" in refused.content.decode()
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    client.post(f"/console/tables/{table.pk}/end/", {"reason": "stuck"})
    table.refresh_from_db()
    assert table.status == TableStatus.ENDED
    log = client.get("/console/audit/?act=table_end").content.decode()
    assert "ended a table" in log and "stuck" in log
    page = Client().get(f"/tables/{table.pk}/").content.decode()
    assert "ended by a moderator" in page
    # After the match, every hand as in the replay.
    assert client.get(f"/tables/{table.pk}/replay/").status_code == 200


def test_a_ban_from_a_case_page_and_the_audit_log_filters(mona, playing):
    _table, asha, bilal = playing
    report_file(reporter=asha, member_id=bilal.pk, reason="chat_abuse")
    case = Case.objects.get()
    client = client_of(mona)
    client.post(f"/console/cases/{case.pk}/claim/")
    client.post(
        f"/console/members/{bilal.pk}/sanction/",
        {"kind": "ban", "days": "2", "reason": "abuse", "case": case.pk},
    )
    client.post(f"/console/cases/{case.pk}/close/", {"outcome": "banned 2 days", "acted": "1"})
    assert Sanction.objects.get().kind == SanctionKind.BAN
    acts = [entry.act for entry in audit_entries()]
    assert acts == ["case_close", "member_ban", "case_claim"]
    by_member = client.get(f"/console/audit/?target_kind=member&target_id={bilal.pk}")
    assert "banned a member" in by_member.content.decode()
    nobody = client.get("/console/audit/?actor=nobody").content.decode()
    assert "No entry matches." in nobody


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "ban", "days": "two", "reason": "x"},
        {"kind": "ban", "days": "-1", "reason": "x"},
        {"kind": "exile", "days": "1", "reason": "x"},
        {"kind": "mute", "reason": "x"},
        {"kind": "mute", "hours": "1"},
    ],
)
def test_a_bad_sanction_form_is_refused_with_a_message_and_changes_nothing(mona, playing, data):
    bilal = playing[2]
    response = client_of(mona).post(f"/console/members/{bilal.pk}/sanction/", data, follow=True)
    assert response.status_code == 200
    assert not Sanction.objects.exists() and not audit_entries().exists()


def test_audit_filters_that_mean_nothing_are_ignored_not_a_500(mona):
    client = client_of(mona)
    for query in (
        "act=%00",
        "target_id=abc",
        "since=2026-99-99",
        "page=-5",
        "since=x&actor=%3Cb%3E",
    ):
        assert client.get(f"/console/audit/?{query}").status_code == 200


def test_names_and_chat_lines_are_escaped_on_every_console_page(mona, playing):
    table, asha, _bilal = playing
    (evil,) = members(1, prefix="evil")
    ChatLine.objects.create(table=table, author=asha, room=ChatRoom.PLAYERS, text="<i>hi</i>")
    report_file(reporter=evil, member_id=asha.pk, reason="other", note="<script>x</script>")
    client = client_of(mona)
    table_page = client.get(f"/console/tables/{table.pk}/").content.decode()
    assert "&lt;i&gt;hi&lt;/i&gt;" in table_page and "<i>hi</i>" not in table_page
    case_page = client.get(f"/console/cases/{Case.objects.get().pk}/").content.decode()
    assert "&lt;script&gt;x&lt;/script&gt;" in case_page


def test_the_table_page_carries_the_chat_with_quick_phrases_in_the_readers_language(playing):
    table, asha, _bilal = playing
    client = signed_in(asha)
    client.cookies["django_language"] = "hi"
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'id="chat"' in page and 'data-phrase="good_game"' in page and "अच्छा खेल" in page
    assert "table_chat.js" in page and 'id="table-report-form"' in page


def test_reports_from_a_table_a_chat_line_and_a_profile(playing):
    table, asha, bilal = playing
    line = ChatLine.objects.create(table=table, author=bilal, room=ChatRoom.PLAYERS, text="rude")
    client = signed_in(asha)
    form = client.get(f"/chat/{line.pk}/report/")
    assert form.status_code == 200 and "rude" in form.content.decode()
    client.post(f"/chat/{line.pk}/report/", {"reason": "chat_abuse", "note": "rude to me"})
    chand = members(1, prefix="chand")[0]
    signed_in(chand).post(f"/players/{bilal.username}/report/", {"reason": "offensive_name"})
    assert Report.objects.count() == 2 and Case.objects.count() == 1
    # Reporting oneself, from a profile: refused with a message.
    own = signed_in(bilal).post(
        f"/players/{bilal.username}/report/", {"reason": "other"}, follow=True
    )
    assert "You cannot do that to yourself." in own.content.decode()
    assert Report.objects.count() == 2


def test_a_banned_members_old_session_reaches_no_table_page(mona, playing):
    table, asha, _bilal = playing
    client = signed_in(asha)
    member_ban(moderator=mona, member_id=asha.pk, reason="abuse", days=1)
    response = client.get(f"/tables/{table.pk}/")
    assert response.status_code == 403 and "abuse" in response.content.decode()
    assert Table.objects.get(pk=table.pk).status == TableStatus.PLAYING


@pytest.mark.parametrize("member", ["99999999999999999999999", "-1", "abc", "", "1e3"])
def test_ids_past_any_row_are_refused_with_a_message_not_a_500(mona, playing, member):
    table, asha, _bilal = playing
    remove = client_of(mona).post(
        f"/console/tables/{table.pk}/remove/", {"member": member, "reason": "x"}, follow=True
    )
    assert remove.status_code == 200 and "does not sit at this table" in remove.content.decode()
    report = signed_in(asha).post(
        f"/tables/{table.pk}/report/", {"member": member, "reason": "other"}, follow=True
    )
    assert report.status_code == 200 and not Report.objects.exists()
    assert client_of(mona).get(f"/console/audit/?target_id={member}").status_code == 200


def test_the_collusion_page_names_a_pair_whose_results_are_one_sided(mona):
    from games.tables.console import PAIR_TABLES_AT_LEAST, collusion_pairs
    from games.tables.models import MatchResult, Seat

    winner, loser, fair_a, fair_b = members(4, prefix="pair")
    for number in range(PAIR_TABLES_AT_LEAST):
        for first, second, ranks in (
            (winner, loser, [1, 2]),
            (fair_a, fair_b, [1 + number % 2, 2 - number % 2]),
        ):
            table = Table.objects.create(
                game="rummy",
                variant="points",
                seat_count=2,
                ranked=True,
                status=TableStatus.FINISHED,
            )
            Seat.objects.create(table=table, number=0, user=first)
            Seat.objects.create(
                table=table, number=1, user=second, left=number == 0 and first == winner
            )
            MatchResult.objects.create(
                table=table,
                result={"ranks": ranks, "scores": [0, 0], "winners": [0]},
                winners=[0],
                moves=1,
            )
    pairs = collusion_pairs()
    assert [(pair.first, pair.second) for pair in pairs] == [(winner.username, loser.username)]
    assert pairs[0].first_ahead == PAIR_TABLES_AT_LEAST and pairs[0].second_left == 1
    page = client_of(mona).get("/console/collusion/").content.decode()
    assert winner.username in page and fair_a.username not in page


def test_a_moderator_deletes_a_line_and_lifts_a_mute_from_the_console(mona, playing):
    table, _asha, bilal = playing
    line = ChatLine.objects.create(table=table, author=bilal, room=ChatRoom.PLAYERS, text="rude")
    client = client_of(mona)
    client.post(f"/console/chat/{line.pk}/delete/", {"reason": "insult"})
    line.refresh_from_db()
    assert line.deleted_by == mona
    mute = member_mute(moderator=mona, member_id=bilal.pk, reason="insult", hours=5)
    page = client.get(f"/console/members/{bilal.pk}/").content.decode()
    assert "muted until" in page
    client.post(f"/console/members/{bilal.pk}/sanctions/{mute.pk}/lift/", {"reason": "apology"})
    mute.refresh_from_db()
    assert mute.lifted_by == mona
    assert [e.act for e in audit_entries()] == [
        "member_mute_lift",
        "member_mute",
        "chat_line_delete",
    ]
