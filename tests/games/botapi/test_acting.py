"""Acting through the bot API (issue 35, point 3 and its bad input): an invitation by name
answered, a move checked exactly as a person's (the same service), a quick phrase, leaving;
every refusal a JSON error with a code, and nothing changed."""

import pytest

from games.botapi.models import Invitation, InvitationStatus
from games.botapi.services import bot_invite
from games.tables import services as table_services
from games.tables.models import ChatLine, Seat, Table, TableStatus
from games.tables.selectors import table_snapshot
from tests.games.botapi.support import api, bot_made, post, seated_bot_table, token_for
from tests.games.table_support import bots_play, members, signed_in

pytestmark = pytest.mark.django_db


def _state(table: Table):
    table.refresh_from_db()
    return (table.version, table.revision, table.state)


def test_a_member_invites_a_bot_by_name_from_the_table_page_and_it_accepts():
    owner, friend = members(2)
    bot = bot_made(owner, "clubber")
    secret = token_for(owner, bot)
    page = signed_in(friend)
    table = table_services.table_create(
        creator_id=friend.pk,
        game="pitch",
        variant="standard",
        bot_levels=["", "", "", ""],
        private=True,
    )
    assert page.get(f"/tables/{table.pk}/").status_code == 200
    assert table.status == TableStatus.OPEN and table.private
    page.post(f"/tables/{table.pk}/invite-bot/", {"name": "CLUBBER", "seat": "2"})
    invitation = Invitation.objects.get()
    assert (invitation.bot, invitation.seat) == (bot, 1)
    # Another member's bot cannot be made to accept: only the invited account answers.
    other = bot_made(owner, "other")
    refused = post(api(token_for(owner, other)), f"/api/bot/invitations/{invitation.pk}/accept")
    assert (refused.status_code, refused.json()["code"]) == (404, "no_invitation")
    answer = post(api(secret), f"/api/bot/invitations/{invitation.pk}/accept")
    assert answer.json() == {"ok": True, "table": table.pk, "seat": 1}
    assert Seat.objects.get(table=table, number=1).user == bot
    again = post(api(secret), f"/api/bot/invitations/{invitation.pk}/accept")
    assert again.json()["code"] == "no_invitation"


def test_a_bot_declines_and_an_unknown_bot_name_is_refused():
    owner, friend = members(2)
    bot = bot_made(owner, "decliner")
    table = seated_bot_table(friend, bot_made(owner, "sitter"), levels=("", "", "", ""))
    assert table.status == TableStatus.OPEN
    invitation = bot_invite(member_id=friend.pk, table_id=table.pk, seat=1, name="decliner")
    post(api(token_for(owner, bot)), f"/api/bot/invitations/{invitation.pk}/decline")
    invitation.refresh_from_db()
    assert invitation.status == InvitationStatus.DECLINED
    assert not Seat.objects.filter(table=table, user=bot).exists()
    answer = signed_in(friend).post(
        f"/tables/{table.pk}/invite-bot/", {"name": "nobody", "seat": "2"}, follow=True
    )
    assert "no bot account of that name" in answer.content.decode()


def test_a_bot_account_is_never_invited_into_a_ranked_table():
    """Issue 35 review, point 1: the form is hidden on a ranked table, but a direct post
    answered "invited" and the bot's acceptance started a ranked match with a bot although
    ranked tables a member makes are for members only. Refused, in the reader's words, and
    nothing made; an invitation made before is refused at its acceptance, as JSON."""
    owner, maker = members(2)
    bot = bot_made(owner, "ranker")
    table = table_services.table_create(
        creator_id=maker.pk, game="pitch", variant="standard", bot_levels=[""] * 4, ranked=True
    )
    page = signed_in(maker)
    answer = page.post(
        f"/tables/{table.pk}/invite-bot/",
        {"name": "ranker", "seat": "2"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="hi",
    )
    assert "रैंक्ड मैच तभी शुरू होता है जब सदस्य हर सीट भर दें" in answer.content.decode()
    assert not Invitation.objects.exists()
    # An invitation from before the refusal: its acceptance is refused, the seat stays empty.
    old = Invitation.objects.create(table=table, seat=1, bot=bot, invited_by=maker)
    refused = post(api(token_for(owner, bot)), f"/api/bot/invitations/{old.pk}/accept")
    assert (refused.status_code, refused.json()["code"]) == (409, "ranked_members_only")
    assert "members fill every seat" in refused.json()["message"]
    assert not Seat.objects.filter(table=table, user=bot).exists()
    old.refresh_from_db()
    assert old.status == InvitationStatus.PENDING


def test_a_bots_move_is_played_exactly_as_a_persons():
    owner, friend = members(2)
    bot = bot_made(owner)
    secret = token_for(owner, bot)
    table = seated_bot_table(friend, bot, levels=("", "easy", "easy", ""))
    assert table.status == TableStatus.PLAYING
    seat = table_snapshot(table.pk).seat_held_by(user_id=bot.pk)
    legal = _bots_turn(table, friend, seat)
    answer = post(
        api(secret),
        f"/api/bot/tables/{table.pk}/move",
        {"action": legal[0], "version": table.version},
    )
    assert answer.status_code == 200 and answer.json()["version"] == table.version + 1


def _bots_turn(table: Table, person, seat: int) -> list:
    """Play the house bots (their jobs run nowhere here) and the person's first legal moves
    until the bot account is to move; its legal moves."""
    for _ in range(50):
        bots_play(table)
        match = table_snapshot(table.pk).match
        if match.legal_actions(seat):
            return match.legal_actions(seat)
        table_services.table_move_apply(
            table_id=table.pk,
            user_id=person.pk,
            action=match.legal_actions(0)[0],
            version=table.version,
        )
    raise AssertionError("the bot account never came to move")


def test_bad_moves_each_get_a_json_error_and_change_nothing():
    owner, friend = members(2)
    bot = bot_made(owner)
    secret = token_for(owner, bot)
    table = seated_bot_table(friend, bot, levels=("", "easy", "easy", ""))
    other_table = seated_bot_table(friend, bot_made(owner, "elsewhere"), levels=("", "", "", ""))
    client = api(secret)
    before = _state(table)
    path = f"/api/bot/tables/{table.pk}/move"
    version = table.version
    cases = [
        ({"action": {"type": "bid", "bid": 2}, "version": version, "seat": 0}, None, "bad_seat"),
        ({"action": {"type": "bid", "bid": 2}, "version": version + 5}, None, None),
        ({"action": "bid", "version": version}, None, "malformed"),
        ({"version": version}, None, "malformed"),
        ({"action": {"type": "bid"}, "version": True}, None, "malformed"),
        (None, b"{not json", "not_json"),
        (None, b"[1, 2]", "not_json"),
        (None, b'{"action": {"a": {"b": {"c": {"d": 1}}}}, "version": 0}', "too_nested"),
        (None, b'{"action": {}, "pad": "' + b"x" * 5000 + b'"}', "too_large"),
    ]
    for body, raw, code in cases:
        answer = post(client, path, body, raw=raw)
        assert answer.status_code in (400, 403, 409, 413), (body, answer.content)
        assert answer.json()["type"] == "error"
        if code is not None:
            assert answer.json()["code"] == code, (body, answer.json())
    # A table it does not sit at, and one that does not exist.
    stranger = post(client, f"/api/bot/tables/{other_table.pk}/move", {"action": {}, "version": 0})
    assert stranger.json()["code"] == "not_seated"
    missing = post(client, "/api/bot/tables/999999/move", {"action": {}, "version": 0})
    assert missing.json()["code"] == "no_table"
    assert _state(table) == before


def test_a_stream_of_a_strangers_table_is_refused():
    owner, friend = members(2)
    bot = bot_made(owner)
    table = seated_bot_table(friend, bot_made(owner, "seated"), levels=("", "", "", ""))
    answer = api(token_for(owner, bot)).get(f"/api/bot/tables/{table.pk}/stream")
    assert (answer.status_code, answer.json()["code"]) == (403, "not_seated")


def test_a_quick_phrase_and_leaving():
    owner, friend = members(2)
    bot = bot_made(owner)
    client = api(token_for(owner, bot))
    table = seated_bot_table(friend, bot, levels=("", "", "", ""))
    bad = post(client, f"/api/bot/tables/{table.pk}/phrase", {"phrase": "<b>hi</b>"})
    assert bad.json()["code"] == "chat_bad_phrase"
    said = post(client, f"/api/bot/tables/{table.pk}/phrase", {"phrase": "good_luck"})
    assert said.json() == {"ok": True}
    assert ChatLine.objects.get().phrase == "good_luck"
    post(client, f"/api/bot/tables/{table.pk}/leave")
    assert not Seat.objects.filter(table=table, user=bot).exists()
