"""Headers every page carries (issue 17: no Content-Security-Policy on any page)."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("page", ["/", "/games/rummy/tables/", "/accounts/login/", "/nowhere/"])
def test_every_page_allows_only_the_sites_own_scripts_styles_and_connections(client, page):
    policy = client.get(page)["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["connect-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
