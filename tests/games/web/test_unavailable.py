"""Sign-in while Redis does not answer (issue 17: a 500 after 5.1 s)."""

import socket
import threading

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def silent_redis():
    """A TCP port that accepts connections and never answers, like a paused Redis."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted = []
    stop = threading.Event()

    def accept():
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    stop.set()
    thread.join()
    for connection in accepted:
        connection.close()
    listener.close()


@pytest.fixture
def refused_redis():
    """A port nothing listens on, like a stopped Redis."""
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


@pytest.mark.parametrize("redis_url", ["silent_redis", "refused_redis"])
@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Back in a moment"), ("hi", "थोड़ी देर में"), ("ur", "تھوڑی دیر میں")],
)
def test_signing_in_while_redis_does_not_answer_says_so_in_the_readers_language(
    client, member, settings, request, redis_url, language, words
):
    settings.CACHES = {
        "default": {**settings.CACHES["default"], "LOCATION": request.getfixturevalue(redis_url)}
    }
    client.cookies["django_language"] = language
    response = client.post(
        reverse("account_login"), {"login": "asha", "password": "Lahore-Lucknow-42"}
    )
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert words in response.content.decode()
    assert "_auth_user_id" not in client.session
