"""A table's chat (issue 20, point 5): two rooms, quick phrases as codes, and every refusal
(muted, too long, too fast, repeated, markup, invisible characters) changing nothing."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied

from accounts.moderation.audit import audit_entries
from accounts.moderation.sanctions import member_mute
from games.tables import services
from games.tables.models import ChatLine, ChatRoom
from games.tables.selectors import chat_recent
from games.tables.services.chat import (
    LINES_PER_WINDOW,
    QUICK_PHRASES,
    ChatRefusal,
    chat_line_delete,
    chat_line_post,
)
from games.words.chat import QUICK_PHRASES as PHRASE_WORDS
from tests.games.table_support import members, table_new
from tests.moderation_support import moderator_make

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_of_two():
    asha, bilal, chand = members(3)
    table = table_new(asha, "rummy", ["", ""])
    services.table_seat_take(table_id=table.pk, user_id=bilal.pk, number=1)
    return table, asha, bilal, chand


def chat_refused(code):
    return pytest.raises(ChatRefusal, match=rf"^{code}$")


def test_players_and_spectators_chat_in_rooms_apart(table_of_two):
    table, asha, _bilal, chand = table_of_two
    said = chat_line_post(table_id=table.pk, user_id=asha.pk, text="hi all")
    watched = chat_line_post(table_id=table.pk, user_id=chand.pk, text="nice hand")
    assert (said.room, watched.room) == (ChatRoom.PLAYERS, ChatRoom.SPECTATORS)
    assert [line.text for line in chat_recent(table.pk, (ChatRoom.PLAYERS,))] == ["hi all"]
    assert [line.text for line in chat_recent(table.pk, (ChatRoom.SPECTATORS,))] == ["nice hand"]


def test_a_quick_phrase_is_kept_as_its_code_and_every_code_has_words():
    assert set(QUICK_PHRASES) == set(PHRASE_WORDS)


def test_a_quick_phrase_is_stored_as_a_code(table_of_two):
    table, asha, *_ = table_of_two
    line = chat_line_post(table_id=table.pk, user_id=asha.pk, phrase="good_game")
    assert (line.text, line.phrase) == ("", "good_game")


@pytest.mark.parametrize(
    ("text", "phrase", "code"),
    [
        ("x" * 281, None, "chat_too_long"),
        ("   ", None, "chat_empty"),
        ("<script>alert(1)</script>", None, "chat_markup"),
        ("<b>loud</b>", None, "chat_markup"),
        ("&lt;b&gt;", None, "chat_markup"),
        ("hi\u202eevil", None, "chat_invisible"),
        ("bell\x07", None, "chat_invisible"),
        (None, "nonsense", "chat_bad_phrase"),
        ("hi", "good_game", "chat_bad_phrase"),
        (42, None, "chat_malformed"),
        (["a"], None, "chat_malformed"),
    ],
)
def test_a_bad_line_is_refused_and_nothing_is_kept(table_of_two, text, phrase, code):
    table, asha, *_ = table_of_two
    with chat_refused(code):
        chat_line_post(table_id=table.pk, user_id=asha.pk, text=text, phrase=phrase)
    assert not ChatLine.objects.exists()


def test_280_characters_pass_and_a_less_than_sign_alone_is_no_markup(table_of_two):
    table, asha, *_ = table_of_two
    chat_line_post(table_id=table.pk, user_id=asha.pk, text="ह" * 280)
    chat_line_post(table_id=table.pk, user_id=asha.pk, text="3 < 5 and 5 > 3")
    assert ChatLine.objects.count() == 2


def test_no_sixth_line_within_10_seconds(table_of_two, monkeypatch):
    table, asha, *_ = table_of_two
    lines = ["hello", "how are you", "nice cards", "my turn now", "well then"]
    assert len(lines) == LINES_PER_WINDOW
    for text in lines:
        chat_line_post(table_id=table.pk, user_id=asha.pk, text=text)
    with chat_refused("chat_too_fast"):
        chat_line_post(table_id=table.pk, user_id=asha.pk, text="one more")
    assert ChatLine.objects.count() == LINES_PER_WINDOW
    # Ten seconds on, it passes.
    later = ChatLine.objects.order_by("id").last().created_at + timedelta(seconds=11)
    monkeypatch.setattr("django.utils.timezone.now", lambda: later)
    chat_line_post(table_id=table.pk, user_id=asha.pk, text="one more")


@pytest.mark.parametrize("again", ["Good hand!", "good hand", "GOOD  HAND!!", "good hands"])
def test_a_repeat_or_near_duplicate_is_refused(table_of_two, again):
    table, asha, *_ = table_of_two
    chat_line_post(table_id=table.pk, user_id=asha.pk, text="Good hand!")
    with chat_refused("chat_repeated"):
        chat_line_post(table_id=table.pk, user_id=asha.pk, text=again)
    assert ChatLine.objects.count() == 1


def test_the_same_quick_phrase_twice_is_a_repeat(table_of_two):
    table, asha, *_ = table_of_two
    chat_line_post(table_id=table.pk, user_id=asha.pk, phrase="hello")
    with chat_refused("chat_repeated"):
        chat_line_post(table_id=table.pk, user_id=asha.pk, phrase="hello")
    chat_line_post(table_id=table.pk, user_id=asha.pk, phrase="good_luck")


def test_a_muted_member_is_silenced_until_the_mute_ends(table_of_two):
    table, _asha, bilal, _chand = table_of_two
    member_mute(moderator=moderator_make(), member_id=bilal.pk, reason="insults", hours=1)
    with pytest.raises(ChatRefusal) as refusal:
        chat_line_post(table_id=table.pk, user_id=bilal.pk, phrase="hello")
    assert refusal.value.code == "chat_muted" and refusal.value.until is not None
    assert not ChatLine.objects.exists()


def test_a_private_table_or_one_without_spectators_refuses_strangers():
    asha, chand = members(2)
    private = table_new(asha, "rummy", ["", "medium"], private=True)
    closed = table_new(asha, "rummy", ["", "medium"], allow_spectators=False)
    for table in (private, closed):
        with chat_refused("no_table"):
            chat_line_post(table_id=table.pk, user_id=chand.pk, text="hello")
    chat_line_post(table_id=private.pk, user_id=chand.pk, text="hi", invite=private.invite_token)
    assert ChatLine.objects.count() == 1


def test_a_moderator_deletes_a_line_for_everyone_and_it_is_audited(table_of_two):
    table, asha, bilal, _chand = table_of_two
    line = chat_line_post(table_id=table.pk, user_id=asha.pk, text="rude words")
    with pytest.raises(PermissionDenied):
        chat_line_delete(moderator=bilal, line_id=line.pk)
    mona = moderator_make()
    chat_line_delete(moderator=mona, line_id=line.pk, reason="rude")
    assert chat_recent(table.pk, (ChatRoom.PLAYERS,)) == []
    line.refresh_from_db()
    assert line.deleted_by == mona and line.text == "rude words"  # kept for reports
    entry = audit_entries(act="chat_line_delete").get()
    assert entry.details["text"] == "rude words"
