import pytest

pytestmark = pytest.mark.django_db


def test_admin_sends_visitors_to_the_sites_sign_in_page(client):
    response = client.get("/admin/", follow=True)
    assert response.redirect_chain[-1][0].startswith("/accounts/login/?next=")
    assert response.status_code == 200


def test_admin_is_closed_to_members_who_are_not_staff(member_client):
    for page in ("/admin/", "/admin/accounts/profile/"):
        assert member_client.get(page, follow=True).status_code == 403


def test_staff_reach_the_admin_and_the_profiles(member_client, member):
    member.is_staff = member.is_superuser = True
    member.save()
    assert member_client.get("/admin/").status_code == 200
    assert member_client.get("/admin/accounts/profile/").status_code == 200
