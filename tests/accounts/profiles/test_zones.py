"""Zones by name, the renamed ones too, and the zone each request reads times in (issue 33)."""

import zoneinfo
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from accounts.profiles import zones
from accounts.profiles.models import Profile


@pytest.mark.parametrize("name", ["", None, "Mars/Olympus_Mons", "Asia/Kolkata\x00", "x" * 300])
def test_an_empty_or_unknown_zone_is_no_zone(name):
    assert zones.zone_named(name) is None


def test_a_zone_renamed_by_a_later_tz_database_still_works(monkeypatch):
    """A tz database without its "backward" links (Debian's tzdata without tzdata-legacy)
    knows only the new names: a profile stored with the old one still reads its zone."""
    real = zoneinfo.ZoneInfo
    old_names = {"Asia/Calcutta", "Europe/Kiev"}

    def without_backward_links(name):
        if name in old_names:
            raise zoneinfo.ZoneInfoNotFoundError(name)
        return real(name)

    monkeypatch.setattr(zones.zoneinfo, "ZoneInfo", without_backward_links)
    zones.zone_named.cache_clear()
    try:
        assert str(zones.zone_named("Asia/Calcutta")) == "Asia/Kolkata"
        assert str(zones.zone_named("Europe/Kiev")) == "Europe/Kyiv"
    finally:
        zones.zone_named.cache_clear()
    assert zones.zone_listed_as("Europe/Kiev") == "Europe/Kyiv"


@pytest.fixture
def zone_page(settings, tmp_path):
    """A page that shows one moment in the zone in force: the middleware's result."""
    from django.http import HttpResponse
    from django.urls import path

    from accounts.profiles.formats import local_time

    def shown(request):
        text = local_time(datetime(2026, 12, 3, 14, 30, tzinfo=UTC))
        return HttpResponse(text.replace("\u202f", " ").replace("\u00a0", " "))

    class urls:
        urlpatterns = [path("zone-shown/", shown)]

    settings.ROOT_URLCONF = urls
    return "/zone-shown/"


@pytest.mark.django_db
def test_a_visitor_reads_india_time_until_their_browser_says_otherwise(client, zone_page):
    assert client.get(zone_page).content.decode() == "8:00 pm IST"
    client.cookies[zones.ZONE_COOKIE] = "Asia/Karachi"
    assert client.get(zone_page).content.decode() == "7:30 pm PKT"
    client.cookies[zones.ZONE_COOKIE] = "Nowhere/At_All"
    assert client.get(zone_page).content.decode() == "8:00 pm IST"


@pytest.mark.django_db
def test_a_member_reads_their_own_zone_whatever_the_browser_says(member_client, member, zone_page):
    Profile.objects.create(user=member, time_zone="Europe/London")
    member_client.cookies[zones.ZONE_COOKIE] = "Asia/Karachi"
    assert member_client.get(zone_page).content.decode() == "2:30 pm GMT"


@pytest.mark.django_db
def test_a_member_whose_stored_zone_was_renamed_reads_it(member_client, member, zone_page):
    Profile.objects.filter(user=member).delete()
    Profile.objects.bulk_create([Profile(user=member, time_zone="Asia/Calcutta")])
    assert member_client.get(zone_page).content.decode() == "8:00 pm IST"


@pytest.mark.django_db
def test_the_profile_saves_the_zone_and_refuses_an_unknown_one_in_the_readers_language(
    member_client, member
):
    member_client.post(
        reverse("profile"), {"display_name": "", "language": "en", "time_zone": "Asia/Karachi"}
    )
    assert Profile.objects.get(user=member).time_zone == "Asia/Karachi"
    member_client.cookies["django_language"] = "hi"
    for bad, error in [
        ("Mars/Olympus_Mons", "“Mars/Olympus_Mons” ऐसा कोई समय क्षेत्र हमें मालूम नहीं।"),
        ("", "अपना समय क्षेत्र चुनें।"),
    ]:
        response = member_client.post(
            reverse("profile"), {"display_name": "", "language": "hi", "time_zone": bad}
        )
        assert response.status_code == 200
        assert any(error in message for message in response.context["form"].errors["time_zone"])
    assert Profile.objects.get(user=member).time_zone == "Asia/Karachi"
