"""The organiser changes a coming tournament's settings, or a whole series', before the start
(issue 31, point 2): name, format, entry limits, table size, qualifiers, duplicate deals...;
those entered are reached as each allowed (``accounts.notices.reach``: the site's notice, the
mail); after the start, with bad values, or by anyone else, refused in the reader's language
with nothing changed."""

from datetime import date, timedelta
from html import escape

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.utils import timezone, translation

from accounts.moderation.audit import audit_details_words
from accounts.moderation.models import AuditEntry
from accounts.notices.models import Notice, Reached
from tests.games.table_support import signed_in
from tests.tournaments.support import (
    entered,
    organiser,
    people,
    refused,
    settings_changed,
    started,
    tournament_made,
    weekly,
)
from tournaments import services
from tournaments.models import Entry, EntryStatus, Tournament, TournamentStatus
from tournaments.refusals import MESSAGES

pytestmark = pytest.mark.django_db

CHANGES = {
    "name": "Sunday Deals",
    "format": "deals",
    "max_entrants": 40,
    "per_table": 4,
    "qualifiers": 1,
    "duplicate_deals": True,
}


def settings_of(row) -> dict:
    return {field: getattr(row, field) for field in CHANGES}


def test_the_organiser_changes_a_coming_tournament_and_those_entered_are_reached(reach_jobs):
    boss = organiser()
    tournament = tournament_made(boss, max_entrants=2)
    asha, bilal, waiting = people(3)
    entered(tournament, [asha, bilal, waiting])
    with reach_jobs():
        changed = services.tournament_settings_change(
            tournament_id=tournament.pk, actor=boss, reason="more room, faster rounds", **CHANGES
        )
    assert sorted(changed) == sorted(CHANGES)
    tournament.refresh_from_db()
    assert settings_of(tournament) == CHANGES
    told = sorted(
        Notice.objects.filter(kind="tournament_settings_changed").values_list("member", flat=True)
    )
    assert told == sorted([asha.pk, bilal.pk, waiting.pk])
    assert Reached.objects.filter(reason="tournament_settings_changed").count() == 3
    assert any("changed the settings of Sunday Deals" in m.subject for m in mail.outbox)
    # Room for more: the wait list's first takes a place, and is told.
    assert Entry.objects.get(user=waiting).status == EntryStatus.REGISTERED
    assert Notice.objects.filter(member=waiting, kind="tournament_off_wait_list").exists()
    entry = AuditEntry.objects.get(act="tournament_settings_change")
    assert sorted(entry.details["changed"]) == sorted(f"setting:{field}" for field in CHANGES)
    with translation.override("ur"):
        (said,) = audit_details_words(entry.details)
    assert not said.isascii() and "setting:" not in said
    # The same settings again change nothing and reach nobody.
    with reach_jobs():
        assert (
            services.tournament_settings_change(
                tournament_id=tournament.pk, actor=boss, reason="again", **CHANGES
            )
            == []
        )
    assert Notice.objects.filter(kind="tournament_settings_changed").count() == 3


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": "  "}, "name"),
        ({"per_table": 1}, "per_table"),
        ({"per_table": 6, "qualifiers": 6}, "qualifiers"),
        ({"min_entrants": 50, "max_entrants": 40}, "min_entrants"),
        ({"format": "bridge"}, "format"),
        # Three are registered: the most cannot be two.
        ({"max_entrants": 2}, "max_entrants"),
    ],
)
def test_bad_values_are_refused_and_nothing_changes(changes, field):
    boss = organiser()
    tournament = tournament_made(boss)
    entered(tournament, people(3))
    before = Tournament.objects.values().get()
    with pytest.raises(ValidationError) as refusal:
        services.tournament_settings_change(
            tournament_id=tournament.pk, actor=boss, reason="why not", **changes
        )
    assert field in refusal.value.message_dict
    assert Tournament.objects.values().get() == before


def test_after_the_start_by_another_or_without_a_reason_it_is_refused():
    boss = organiser()
    tournament = tournament_made(boss, per_table=3, qualifiers=1)
    (asha, *others) = people(4)
    entered(tournament, [asha, *others])
    with refused("not_organiser"):
        services.tournament_settings_change(
            tournament_id=tournament.pk, actor=asha, reason="mine now", name="Asha's"
        )
    with refused("reason_needed"):
        services.tournament_settings_change(
            tournament_id=tournament.pk, actor=boss, reason=" ", name="Renamed"
        )
    started(tournament)
    with refused("not_scheduled"):
        services.tournament_settings_change(
            tournament_id=tournament.pk, actor=boss, reason="too late", name="Renamed"
        )
    assert Tournament.objects.get().name == tournament.name


def test_a_series_change_reaches_every_coming_date_and_the_dates_made_later(reach_jobs):
    boss = organiser()
    series = weekly(boss)
    made = list(series.tournaments.order_by("starts_at"))
    assert len(made) >= 3
    first, second = made[0], made[1]
    (asha,) = people(1)
    entered(second, [asha])
    # One date already under way keeps what it started with.
    Tournament.objects.filter(pk=first.pk).update(status=TournamentStatus.RUNNING)
    with reach_jobs():
        services.series_settings_change(
            series_id=series.pk, actor=boss, reason="smaller tables", **CHANGES
        )
    series.refresh_from_db()
    assert settings_of(series) == CHANGES
    for row in Tournament.objects.filter(series=series).exclude(pk=first.pk):
        assert settings_of(row) == CHANGES
    assert settings_of(Tournament.objects.get(pk=first.pk))["per_table"] == first.per_table
    assert list(
        Notice.objects.filter(kind="tournament_settings_changed").values_list("member", "link")
    ) == [(asha.pk, f"/tournaments/{second.pk}/")]
    # A week on, the next dates are made with the new settings.
    services.series_ahead(now=timezone.now() + timedelta(days=8))
    latest = Tournament.objects.filter(series=series).order_by("-starts_at").first()
    assert latest is not None and latest.occurrence > date.today() + timedelta(days=8)
    assert settings_of(latest) == CHANGES


def test_the_forms_change_it_and_refuse_bad_values_in_urdu(reach_jobs):
    boss = organiser()
    tournament = tournament_made(boss)
    series = weekly(boss)
    client = signed_in(boss)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'action="/tournaments/{tournament.pk}/settings/"' in page
    assert 'name="per_table" value="6"' in page
    series_page = client.get(f"/tournaments/series/{series.pk}/").content.decode()
    assert f'action="/tournaments/series/{series.pk}/settings/"' in series_page
    form = settings_changed(name="Sunday Deals", duplicate_deals="on", reason="smaller tables")
    with reach_jobs():
        client.post(f"/tournaments/{tournament.pk}/settings/", form)
        client.post(f"/tournaments/series/{series.pk}/settings/", form)
    tournament.refresh_from_db()
    series.refresh_from_db()
    assert settings_of(tournament) == settings_of(series) == CHANGES
    client.cookies["django_language"] = "ur"
    refused_page = client.post(
        f"/tournaments/{tournament.pk}/settings/",
        {**form, "per_table": "1", "name": "Broken"},
        follow=True,
    ).content.decode()
    with translation.override("ur"):
        said = translation.gettext("Choose a number from %(low)s to %(high)s.") % {
            "low": 2,
            "high": 6,
        }
    assert said.isascii() is False and escape(said) in refused_page
    assert Tournament.objects.get(pk=tournament.pk).name == "Sunday Deals"
    # Another member's change is refused in their language too.
    (asha,) = people(1)
    stranger = signed_in(asha)
    stranger.cookies["django_language"] = "ur"
    answer = stranger.post(
        f"/tournaments/{tournament.pk}/settings/", {**form, "name": "Mine"}, follow=True
    )
    with translation.override("ur"):
        assert escape(str(MESSAGES["not_organiser"])) in answer.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).name == "Sunday Deals"
