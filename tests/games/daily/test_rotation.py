"""Issue 21, rotation by staff: a day's deal replaced before or during its day with a reason,
from the site's own staff page; attempts on the old deal stay, marked and ranked apart; members
who had not played get the new one; every rotation is in the audit log."""

from datetime import timedelta

import pytest

from accounts.moderation.audit import audit_entries
from config import subscribers
from games.daily import services
from games.daily.days import day_of
from games.daily.models import Attempt, DailyDeal
from games.daily.news import DailyDealRotated
from games.news import PageChanged
from tests.games.daily.daily_support import begin, play_out, refused_daily
from tests.games.table_support import members, signed_in
from tests.news_support import hearing

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff():
    (person,) = members(1, prefix="staff")
    person.is_staff = True
    person.save()
    return person


def rotate(actor, game="pitch", day=None, **kwargs):
    return services.daily_deal_rotate(
        actor=actor, game=game, day=day or day_of(), **{"reason": "leaked", **kwargs}
    )


def test_staff_rotate_todays_pitch_deal_mid_day_and_both_boards_are_shown(staff):
    asha, bilal = members(2)
    before = begin(asha, "pitch")
    play_out(before)
    rotation = rotate(staff)
    old, new = rotation.replaced, rotation.deal
    assert old == before.deal and old.replaced_by == new and old.replaced_at is not None
    assert new.seed != old.seed
    after = begin(bilal, "pitch")
    assert after.deal == new  # a member who had not played gets the new deal
    play_out(after)
    before.refresh_from_db()
    assert before.deal == old and before.finished  # the old attempt stays, on the old deal
    page = signed_in(bilal).get("/daily/pitch/").content.decode()
    assert page.count('class="daily-board') == 2
    assert "Earlier deal, replaced at" in page and "ranked apart" in page
    assert new.seed_commitment in page and old.seed_commitment in page
    assert new.seed not in page and old.seed not in page


def test_a_member_who_played_the_old_deal_gets_no_second_attempt(staff):
    (asha,) = members(1)
    play_out(begin(asha, "unders"))
    rotate(staff, "unders")
    with refused_daily("already_played"):
        begin(asha, "unders")
    assert Attempt.objects.count() == 1


def test_every_rotation_goes_to_the_audit_log_with_its_reason_and_no_seed(staff):
    services.daily_deals_generate()
    rotation = rotate(staff, reason="the seed was shown on a stream")
    (entry,) = audit_entries(act="daily_deal_rotate")
    assert entry.actor == staff and entry.reason == "the seed was shown on a stream"
    assert entry.target_kind == "daily_deal" and entry.target_id == rotation.deal.pk
    assert entry.details["replaced"] == rotation.replaced.pk
    assert rotation.deal.seed not in str(entry.details)
    assert rotation.replaced.seed not in str(entry.details)


def test_staff_set_a_future_days_deal_with_a_chosen_seed(staff):
    day = day_of() + timedelta(days=5)
    rotation = rotate(staff, "rummy", day, seed="festival-2026", bot_level="easy")
    assert rotation.replaced is None
    assert rotation.deal.seed == "festival-2026" and rotation.deal.bot_levels[1:] == ["easy"] * 2
    assert audit_entries(act="daily_deal_set").count() == 1
    # The beat job leaves a day staff have set alone.
    services.daily_deals_generate(now=None)
    assert DailyDeal.objects.filter(game="rummy", day=day).count() == 1


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"reason": "  "}, "reason_needed"),
        ({"reason": "x" * 501}, "reason_too_long"),
        ({"day": day_of() - timedelta(days=1)}, "day_over"),
        ({"seed": "has spaces in it"}, "bad_seed"),
        ({"seed": "short"}, "bad_seed"),
        ({"bot_level": "hard"}, "bad_bot_level"),
        ({"game": "chess"}, "no_such_game"),
    ],
)
def test_bad_rotations_are_refused_and_change_nothing(staff, kwargs, code):
    services.daily_deals_generate()
    before = list(DailyDeal.objects.values_list("pk", "seed", "replaced_at"))
    with refused_daily(code):
        rotate(staff, **kwargs)
    assert list(DailyDeal.objects.values_list("pk", "seed", "replaced_at")) == before
    assert not audit_entries().exists()


def test_rotating_to_the_same_seed_is_refused(staff):
    deal = services.daily_deal_current(game="pitch", day=day_of())
    with refused_daily("same_seed"):
        rotate(staff, seed=deal.seed)


def test_a_member_who_is_not_staff_may_not_rotate_from_the_service_or_the_page():
    (asha,) = members(1)
    services.daily_deals_generate()
    before = list(DailyDeal.objects.values_list("pk", "seed", "replaced_at"))
    with refused_daily("not_staff"):
        rotate(asha)
    client = signed_in(asha)
    response = client.post(
        "/daily/staff/rotate/", {"game": "pitch", "day": day_of().isoformat(), "reason": "x"}
    )
    assert response.status_code == 403
    assert "Only staff may change the daily deals." in response.content.decode()
    assert client.get("/daily/staff/").status_code == 403
    assert list(DailyDeal.objects.values_list("pk", "seed", "replaced_at")) == before
    assert not audit_entries().exists()


def test_staff_rotate_from_the_staff_page(staff):
    client = signed_in(staff)
    page = client.get("/daily/staff/").content.decode()
    assert 'action="/daily/staff/rotate/"' in page
    old = services.daily_deal_current(game="courtpiece", day=day_of())
    response = client.post(
        "/daily/staff/rotate/",
        {"game": "courtpiece", "day": day_of().isoformat(), "reason": "a bad deal"},
        follow=True,
    )
    new = services.daily_deal_current(game="courtpiece", day=day_of())
    assert new != old and new.seed_commitment[:16] in response.content.decode()
    bad = client.post(
        "/daily/staff/rotate/",
        {"game": "courtpiece", "day": "2026-02-31", "reason": "x"},
        follow=True,
    )
    assert "There is no such day." in bad.content.decode()
    assert services.daily_deal_current(game="courtpiece", day=day_of()) == new


def test_a_member_in_the_middle_of_the_replaced_deal_plays_on_and_is_told(staff):
    from accounts.notices.inbox import notice_text
    from accounts.notices.models import Notice

    asha, bilal = members(2)
    playing = begin(asha, "courtpiece")
    play_out(begin(bilal, "courtpiece"))
    rotate(staff, "courtpiece")
    (notice,) = Notice.objects.all()
    assert notice.member == asha and notice.link == "/daily/courtpiece/"
    assert "your attempt goes on" in notice_text(notice)
    again = begin(asha, "courtpiece")
    assert again.pk == playing.pk and again.deal == playing.deal


def test_a_rotation_is_told_once_it_commits_and_the_days_boards_hear_it(
    staff, django_capture_on_commit_callbacks, monkeypatch
):
    """The news of a rotation (``DailyDealRotated``, config/subscribers.py) leaves only after
    its commit, and the game's day of boards is told to draw itself again."""
    boards = []
    monkeypatch.setattr(subscribers, "page_changed_send", boards.append)
    first = rotate(staff, "rummy")  # a day with no deal yet just gets this one
    with hearing(DailyDealRotated) as heard, django_capture_on_commit_callbacks(execute=True):
        rotation = rotate(staff, "rummy")
        assert heard == [] and boards == []
    assert heard == [
        DailyDealRotated(
            game="rummy",
            day=day_of().isoformat(),
            deal_id=rotation.deal.pk,
            replaced_id=first.deal.pk,
        )
    ]
    assert boards == [PageChanged(services.BOARD_PAGE, "rummy")]
