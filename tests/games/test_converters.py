"""Row ids in URLs and socket paths (issue 17: a huge table id reached SQL and gave a 500)."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.converters import LARGEST_ID

TOO_BIG = [str(LARGEST_ID + 1), "100000000000000000000", "9" * 40]
PAGES = ["", "seat/", "leave/", "forfeit/", "start/", "replay/"]


@pytest.mark.django_db
@pytest.mark.parametrize("table_id", [*TOO_BIG, str(LARGEST_ID)])
def test_a_table_id_that_is_no_row_is_not_found_by_get_or_post(member_client, table_id):
    for page in PAGES:
        url = f"/tables/{table_id}/{page}"
        assert member_client.get(url).status_code in (404, 405), url
        assert member_client.post(url, {"seat": "1"}).status_code == 404, url


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", [*(f"tables/{n}/" for n in (*TOO_BIG, "0", "007")), "nowhere/"])
def test_a_socket_on_a_path_that_is_no_table_is_refused_at_the_handshake(member_client, path):
    cookie = f"sessionid={member_client.cookies['sessionid'].value}".encode()
    socket = WebsocketCommunicator(
        application,
        f"/ws/{path}",
        headers=[
            (b"origin", b"http://127.0.0.1:8000"),
            (b"host", b"127.0.0.1:8000"),
            (b"cookie", cookie),
        ],
    )

    async def handshake():
        accepted, _ = await socket.connect(10)
        return accepted

    assert async_to_sync(handshake)() is False
