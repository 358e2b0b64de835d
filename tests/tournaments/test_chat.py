"""A tournament's chat room (issue 31, point 8): one room for its entrants and spectators, the
table chat's own limits, mutes and reports (``games.tables.services.chat``, a place's lines);
a stranger to a private tournament neither reads nor says anything there (the 404 of a missing
line, a refused handshake), a muted member says nothing, and a line is reported by its readers."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from websockets.exceptions import InvalidStatus

from accounts.moderation.models import Report
from accounts.moderation.sanctions import member_mute
from config.asgi import application
from games.live import chat
from games.tables.models import ChatLine, ChatRoom
from games.tables.refusals import TableRefusal
from games.tables.services.chat import (
    ChatRefusal,
    chat_line_delete,
    chat_line_may_be_read,
    chat_place_post,
)
from games.tables.services.moderation import report_from_chat_line
from tests.games.socket_support import (
    TIMEOUT,
    TableSocket,
    redis_subscribes_late,
    session_cookie,
)
from tests.games.table_support import signed_in
from tests.moderation_support import moderator_make
from tests.tournaments.support import entered, organiser, people, tournament_made


def refused(code: str):
    return pytest.raises(ChatRefusal, match=f"^{code}$")


def private_cup():
    boss = organiser()
    cup = tournament_made(boss, private=True, name="Cousins")
    asha, bilal, stranger = people(3)
    entered(cup, [asha, bilal])
    return cup, boss, asha, bilal, stranger


@pytest.mark.django_db
def test_entrants_and_invited_spectators_chat_in_one_room_and_a_stranger_cannot():
    cup, boss, asha, bilal, stranger = private_cup()
    place = f"tournament.{cup.pk}"
    line = chat_place_post(place=place, user=asha, text="Good luck, cousins!")
    assert (line.table_id, line.place, line.room) == (None, place, ChatRoom.EVERYONE)
    # A spectator who holds the invite link says a line in the same room.
    chat_place_post(place=place, user=stranger, phrase="good_luck", invite=cup.invite_token)
    for reader, invite in ((bilal, None), (boss, None), (stranger, cup.invite_token)):
        assert chat_line_may_be_read(line, user=reader, invite=invite)
    # Without the invite the stranger reads nothing and says nothing; nor anyone, anywhere else.
    assert not chat_line_may_be_read(line, user=stranger, invite=None)
    assert not chat_line_may_be_read(line, user=stranger, invite="not-it")
    assert not chat_line_may_be_read(line, user=AnonymousUser(), invite=None)
    with refused("chat_no_place"):
        chat_place_post(place=place, user=stranger, text="let me in")
    for nowhere in (f"tournament.{cup.pk + 99}", "table.1", "tournament.x", f"{place}.1"):
        with refused("chat_no_place"):
            chat_place_post(place=nowhere, user=asha, text="hello?")
    with refused("chat_sign_in"):
        chat_place_post(place=place, user=AnonymousUser(), text="hi")
    assert ChatLine.objects.count() == 2


@pytest.mark.django_db
def test_the_table_chats_limits_and_mutes_hold_in_a_tournaments_room():
    cup, _boss, asha, bilal, _stranger = private_cup()
    place = f"tournament.{cup.pk}"
    for text, code in (
        ("x" * 281, "chat_too_long"),
        ("<b>hi</b>", "chat_markup"),
        ("   ", "chat_empty"),
        (["nested"], "chat_malformed"),
        ("hi\u200b", "chat_invisible"),
    ):
        with refused(code):
            chat_place_post(place=place, user=asha, text=text)
    with refused("chat_bad_phrase"):
        chat_place_post(place=place, user=asha, phrase="rude_word")
    chat_place_post(place=place, user=asha, text="well played all")
    with refused("chat_repeated"):
        chat_place_post(place=place, user=asha, text="Well played, all!")
    member_mute(moderator=moderator_make(), member_id=bilal.pk, reason="rude", hours=1)
    with refused("chat_muted"):
        chat_place_post(place=place, user=bilal, text="I am not rude")
    assert list(ChatLine.objects.values_list("text", flat=True)) == ["well played all"]


@pytest.mark.django_db
def test_a_tournament_line_is_reported_by_its_readers_and_deleted_by_a_moderator():
    cup, _boss, asha, bilal, stranger = private_cup()
    line = chat_place_post(place=f"tournament.{cup.pk}", user=asha, text="you all play badly")
    with pytest.raises(TableRefusal, match=r"^chat_no_line$"):
        report_from_chat_line(reporter=stranger, line_id=line.pk, reason="chat_abuse")
    page = signed_in(bilal)
    form = page.get(f"/chat/{line.pk}/report/")
    assert form.status_code == 200 and "you all play badly" in form.content.decode()
    sent = page.post(f"/chat/{line.pk}/report/", {"reason": "chat_abuse"})
    assert sent.status_code == 302 and sent["Location"] == f"/tournaments/{cup.pk}/"
    report = Report.objects.get()
    assert (report.chat_line_id, report.table_id, report.chat_text) == (
        line.pk,
        None,
        "you all play badly",
    )
    assert signed_in(stranger).get(f"/chat/{line.pk}/report/").status_code == 404
    mona = moderator_make()
    chat_line_delete(moderator=mona, line_id=line.pk)
    assert not chat_line_may_be_read(line.__class__.objects.get(), user=bilal, invite=None)
    # The tournament page carries the room, with its socket's address.
    html = page.get(f"/tournaments/{cup.pk}/").content.decode()
    assert f'data-socket="/ws/chat/tournament/{cup.pk}/"' in html and 'id="chat-form"' in html


@pytest.mark.django_db
def test_the_bracket_page_carries_the_same_room_and_a_spectator_with_the_invite_joins_it():
    cup, _boss, asha, _bilal, stranger = private_cup()
    room = f'data-socket="/ws/chat/tournament/{cup.pk}/'
    html = signed_in(asha).get(f"/tournaments/{cup.pk}/bracket/").content.decode()
    assert f'{room}"' in html and 'id="chat-form"' in html
    assert "Chat: entrants and spectators" in html
    # The table's own report form is a table's alone.
    assert 'id="table-report-form"' not in html
    invited = signed_in(stranger).get(f"/tournaments/{cup.pk}/bracket/?invite={cup.invite_token}")
    assert f"{room}?invite={cup.invite_token}" in invited.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_line_said_reaches_the_rooms_other_sockets_and_a_stranger_is_refused(live_stack):
    cup, boss, asha, _bilal, stranger = private_cup()
    member_mute(moderator=moderator_make(), member_id=boss.pk, reason="shouting", hours=1)
    path = live_stack.ws_url(f"/ws/chat/tournament/{cup.pk}/")

    cookies = {member: session_cookie(signed_in(member)) for member in (asha, boss, stranger)}

    def socket(member, query=""):
        return TableSocket(path + query, live_stack.http_url, cookies[member])

    async def scenario():
        async with socket(asha) as sayer, socket(stranger, f"?invite={cup.invite_token}") as fan:
            await fan.send({"type": "chat_history"})
            assert (await fan.receive())["lines"] == []
            await sayer.send({"type": "chat", "text": "Shall we start?"})
            heard = await fan.receive_until(lambda frame: frame["type"] == "chat")
            assert (heard["text"], heard["author"], heard["mine"]) == (
                "Shall we start?",
                "entrant0",
                False,
            )
            await sayer.send({"type": "chat", "text": "<script>"})
            refusal = await sayer.error()
            assert refusal["code"] == "chat_markup"
        async with socket(boss) as muted:
            await muted.send({"type": "chat", "text": "hello"})
            assert (await muted.error())["code"] == "chat_muted"
        # A stranger without the invite, or anyone at a place that is none, is refused.
        nowhere = TableSocket(live_stack.ws_url("/ws/chat/nowhere/1/"), live_stack.http_url)
        for outsider in (socket(stranger), nowhere):
            with pytest.raises(InvalidStatus) as shut:
                async with outsider:
                    pass
            assert shut.value.response.status_code == 403

    asyncio.run(scenario())
    assert list(ChatLine.objects.values_list("text", flat=True)) == ["Shall we start?"]


@pytest.mark.django_db(transaction=True)
def test_a_line_said_before_redis_took_the_rooms_subscription_still_reaches_its_reader(
    monkeypatch,
):
    """The room's history is read once the socket's chat group is heard (``games.live.heard``):
    a line said just after that read, while Redis had not yet taken the socket's SUBSCRIBE,
    would otherwise reach no one on that socket until the page was loaded again."""
    redis_subscribes_late(monkeypatch)
    cup = tournament_made(organiser(), name="Open cup")
    (asha,) = people(1)
    entered(cup, [asha])
    read = chat._place_history
    said = []

    async def read_then_a_line_said(place: str):
        lines = await read(place)
        if not said:
            said.append(
                await database_sync_to_async(chat_place_post)(
                    place=place, user=asha, text="Good luck, all"
                )
            )
        return lines

    monkeypatch.setattr(chat, "_place_history", read_then_a_line_said)

    async def scenario():
        reader = WebsocketCommunicator(
            application,
            f"/ws/chat/tournament/{cup.pk}/",
            headers=[(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000")],
        )
        accepted, _ = await reader.connect(TIMEOUT)
        await reader.send_json_to({"type": "chat_history"})
        frames: dict[str, dict] = {}
        while len(frames) < 2:  # the history, and the line said (in either order)
            frame = await reader.receive_json_from(TIMEOUT)
            frames[frame["type"]] = frame
        await reader.disconnect()
        return accepted, frames

    accepted, frames = asyncio.run(scenario())
    assert accepted and said
    assert frames["chat_history"]["lines"] == []
    line = frames["chat"]
    assert (line["line"], line["text"]) == (said[0].pk, "Good luck, all")
