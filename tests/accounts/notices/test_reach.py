"""Reaching a member who is not looking (accounts/notices/reach.py, DESIGN.md): every channel
the member allowed, in their language, at most once per (member, reason, moment), whoever races."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.utils.translation import gettext_lazy as _

from accounts.notices import reach as reach_module
from accounts.notices.models import Notice, ReachChoice, Reached
from accounts.notices.reach import reach, reach_now
from accounts.profiles.models import Profile
from config import words
from tests.games.tables.test_races import race

pytestmark = pytest.mark.django_db

# A sentence the locale already translates: the machinery, not a feature's words.
SENTENCE = _("Choose a number from %(low)s to %(high)s.")
REASON = "test.numbers"
PARAMS = {"low": 1, "high": 5}


@pytest.fixture(autouse=True)
def test_reason(monkeypatch):
    monkeypatch.setitem(words.NOTICE_KINDS, REASON, SENTENCE)
    monkeypatch.setitem(words.REACH_REASONS, REASON, SENTENCE)


def people(count: int, *, language: str = "en") -> list[int]:
    User = get_user_model()
    made = User.objects.bulk_create(
        User(username=f"p{n}", email=f"p{n}@example.com") for n in range(count)
    )
    Profile.objects.bulk_create(Profile(user=user, language=language) for user in made)
    return [user.pk for user in made]


def send(member_ids, moment="thing:1"):
    return reach_now(member_ids=member_ids, reason=REASON, moment=moment, params=PARAMS, link="/x/")


def test_a_member_is_reached_on_the_site_and_by_mail_in_their_own_language():
    (hindi,) = people(1, language="hi")
    done = send([hindi])
    assert done.taken == [hindi] and done.noticed == 1 and done.mailed == 1
    notice = Notice.objects.get(member_id=hindi)
    assert (notice.kind, notice.params, notice.link) == (REASON, PARAMS, "/x/")
    (message,) = mail.outbox
    assert message.to == ["p0@example.com"]
    assert message.subject != "Choose a number from 1 to 5." and "5" in message.subject
    assert "http://127.0.0.1:8000/x/" in message.body


def test_a_second_send_for_the_same_moment_reaches_nobody_but_another_moment_does():
    ids = people(3)
    assert len(send(ids).taken) == 3
    again = send(ids)
    assert (again.taken, again.noticed, again.mailed) == ([], 0, 0)
    assert Notice.objects.count() == 3 and len(mail.outbox) == 3
    assert len(send(ids, moment="thing:2").taken) == 3
    assert Reached.objects.count() == 6


def test_each_member_is_reached_only_by_the_channels_and_reasons_they_allowed():
    no_mail, no_site, no_reason, no_address = people(4)
    ReachChoice.objects.create(member_id=no_mail, email=False)
    ReachChoice.objects.create(member_id=no_site, site=False)
    ReachChoice.objects.create(member_id=no_reason, reasons_off=[REASON])
    get_user_model().objects.filter(pk=no_address).update(email="")
    done = send([no_mail, no_site, no_reason, no_address])
    assert sorted(done.taken) == sorted([no_mail, no_site, no_reason, no_address])
    assert set(Notice.objects.values_list("member_id", flat=True)) == {no_mail, no_address}
    assert [message.to for message in mail.outbox] == [["p1@example.com"]]


def test_a_mail_server_that_does_not_answer_loses_the_mail_not_the_notices(monkeypatch):
    ids = people(2)

    def refuse(*args, **kwargs):
        raise ConnectionRefusedError("no mail server")

    monkeypatch.setattr("django.core.mail.backends.locmem.EmailBackend.send_messages", refuse)
    done = send(ids)
    assert done.noticed == 2 and done.mailed == 0
    assert Notice.objects.count() == 2


def test_reach_queues_one_job_per_hundred_members_after_the_commit(
    monkeypatch, django_capture_on_commit_callbacks
):
    queued = []
    monkeypatch.setattr(reach_module.reach_batch, "delay", lambda *args: queued.append(args))
    with pytest.raises(LookupError):
        reach(member_ids=[1], reason="test.nonsense", moment="m")
    with django_capture_on_commit_callbacks(execute=True):
        reach(member_ids=range(1, 251), reason=REASON, moment="m", params=PARAMS, link="/x/")
        assert queued == []
    assert [len(args[0]) for args in queued] == [100, 100, 50]
    assert queued[0][1:] == (REASON, "m", PARAMS, "/x/", ["site", "email", "push"])
    with pytest.raises(LookupError):
        reach(member_ids=[1], reason=REASON, moment="m", by=("pigeon",))


def test_a_reason_sent_by_push_alone_leaves_no_notice_and_no_mail():
    (asha,) = people(1)
    done = reach_now(
        member_ids=[asha], reason=REASON, moment="m", params=PARAMS, link="/x/", by=("push",)
    )
    assert done.taken == [asha] and (done.noticed, done.mailed) == (0, 0)
    assert not Notice.objects.exists() and mail.outbox == []


def test_a_hundred_members_cost_a_handful_of_queries(django_assert_max_num_queries):
    ids = people(100)
    # The keys, their read-back, the choices, the notices, the addresses; savepoints aside.
    with django_assert_max_num_queries(8):
        done = send(ids)
    assert done.noticed == 100 and done.mailed == 100


@pytest.mark.scaleout
@pytest.mark.django_db(transaction=True)
def test_two_workers_racing_with_the_same_members_reach_each_once():
    """Two jobs with one key on their own PostgreSQL connections: the first holds its keys
    uncommitted until the second waits on them; the second then finds them taken."""
    ids = people(5)
    outcome = race(lambda: send(ids), lambda: send(ids))
    assert sorted(outcome["first"].taken) == sorted(ids)
    assert outcome["second"].taken == []
    assert Notice.objects.count() == 5
    assert sorted(message.to[0] for message in mail.outbox) == [
        f"p{n}@example.com" for n in range(5)
    ]
