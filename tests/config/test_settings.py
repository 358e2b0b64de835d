"""config/settings.py executed afresh under a chosen environment (Django's own settings object,
which the other tests use, is left alone)."""

import os
import runpy
import stat
from pathlib import Path
from unittest import mock

import pytest
from django.core.exceptions import ImproperlyConfigured

SETTINGS_FILE = Path(__file__).resolve().parents[2] / "config" / "settings.py"


def settings_under(env: dict[str, str], *names: str) -> dict:
    """The named settings as the module computes them with exactly ``env`` as the environment."""
    with mock.patch.dict(os.environ, env, clear=True):
        module = runpy.run_path(str(SETTINGS_FILE))
    return {name: module[name] for name in names}


def test_defaults_are_the_embedded_run(tmp_path):
    s = settings_under(
        {"VAR_DIR": str(tmp_path)},
        *("DEBUG", "DATABASES", "REDIS_URL", "CACHES", "CHANNEL_LAYERS", "CELERY_BROKER_URL"),
        "EMAIL_BACKEND",
    )
    assert s["DEBUG"] is False
    assert s["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert s["DATABASES"]["default"]["NAME"] == str(tmp_path / "db.sqlite3")
    assert s["REDIS_URL"] == f"unix://{tmp_path}/redis.sock"
    assert s["CACHES"]["default"]["LOCATION"] == s["REDIS_URL"]
    assert s["CHANNEL_LAYERS"]["default"] == {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [s["REDIS_URL"]], "prefix": "taash"},
    }
    assert s["CELERY_BROKER_URL"] == f"redis+socket://{tmp_path}/redis.sock"
    assert s["EMAIL_BACKEND"] == "django.core.mail.backends.filebased.EmailBackend"


def test_scale_out_urls_configure_database_redis_and_broker(tmp_path):
    env = {
        "VAR_DIR": str(tmp_path),
        "DATABASE_URL": "postgres://taash:s3cret@db.internal:5433/taash",
        "REDIS_URL": "redis://cache.internal:6379/2",
    }
    s = settings_under(env, "DATABASES", "CACHES", "CHANNEL_LAYERS", "CELERY_BROKER_URL")
    database = s["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["HOST"], database["PORT"], database["NAME"]) == ("db.internal", 5433, "taash")
    assert (database["USER"], database["PASSWORD"]) == ("taash", "s3cret")
    assert s["CACHES"]["default"]["LOCATION"] == "redis://cache.internal:6379/2"
    assert s["CHANNEL_LAYERS"]["default"]["CONFIG"]["hosts"] == ["redis://cache.internal:6379/2"]
    assert s["CELERY_BROKER_URL"] == "redis://cache.internal:6379/2"


def test_celery_broker_url_overrides_redis_for_celery_only(tmp_path):
    env = {
        "VAR_DIR": str(tmp_path),
        "REDIS_URL": "redis://cache.internal:6379/2",
        "CELERY_BROKER_URL": "amqp://guest:guest@mq.internal:5672//",
    }
    s = settings_under(env, "CACHES", "CELERY_BROKER_URL")
    assert s["CELERY_BROKER_URL"] == "amqp://guest:guest@mq.internal:5672//"
    assert s["CACHES"]["default"]["LOCATION"] == "redis://cache.internal:6379/2"


def test_secret_key_is_made_once_private_and_then_reused(tmp_path):
    first = settings_under({"VAR_DIR": str(tmp_path)}, "SECRET_KEY")["SECRET_KEY"]
    second = settings_under({"VAR_DIR": str(tmp_path)}, "SECRET_KEY")["SECRET_KEY"]
    key_file = tmp_path / "secret_key"
    assert first == second == key_file.read_text()
    assert len(first) >= 50
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    # Beside it, the VAPID key, made the same way (the next test).
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret_key", "vapid_private_key"]


def test_the_vapid_key_is_made_once_private_and_then_reused_unless_set(tmp_path):
    first = settings_under({"VAR_DIR": str(tmp_path)}, "VAPID_PRIVATE_KEY")["VAPID_PRIVATE_KEY"]
    again = settings_under({"VAR_DIR": str(tmp_path)}, "VAPID_PRIVATE_KEY")["VAPID_PRIVATE_KEY"]
    key_file = tmp_path / "vapid_private_key"
    assert first == again == key_file.read_text()
    assert len(first) == 43  # 32 bytes, base64url
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    elsewhere = tmp_path / "elsewhere"
    given = settings_under(
        {"VAR_DIR": str(elsewhere), "VAPID_PRIVATE_KEY": first}, "VAPID_PRIVATE_KEY"
    )
    assert given["VAPID_PRIVATE_KEY"] == first and not (elsewhere / "vapid_private_key").exists()


def test_secret_key_from_the_environment_writes_no_file(tmp_path):
    s = settings_under({"VAR_DIR": str(tmp_path), "SECRET_KEY": "k" * 60}, "SECRET_KEY")
    assert s["SECRET_KEY"] == "k" * 60
    assert not (tmp_path / "secret_key").exists()


def test_host_and_origin_lists_are_comma_separated(tmp_path):
    env = {
        "VAR_DIR": str(tmp_path),
        "ALLOWED_HOSTS": "taash.example, www.taash.example ,",
        "CSRF_TRUSTED_ORIGINS": "https://taash.example",
    }
    s = settings_under(env, "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS")
    assert s["ALLOWED_HOSTS"] == ["taash.example", "www.taash.example"]
    assert s["CSRF_TRUSTED_ORIGINS"] == ["https://taash.example"]


@pytest.mark.parametrize(("debug", "secure"), [("0", True), ("1", False)])
def test_cookies_are_https_only_unless_debug(tmp_path, debug, secure):
    s = settings_under(
        {"VAR_DIR": str(tmp_path), "DEBUG": debug},
        *("SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "LANGUAGE_COOKIE_SECURE"),
    )
    assert set(s.values()) == {secure}


def test_https_settings_follow_the_environment(tmp_path):
    env = {
        "VAR_DIR": str(tmp_path),
        "SECURE_SSL_REDIRECT": "yes",
        "SECURE_HSTS_SECONDS": "63072000",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": "true",
        "SECURE_HSTS_PRELOAD": "on",
        "USE_X_FORWARDED_PROTO": "1",
        "SESSION_COOKIE_SECURE": "0",
    }
    s = settings_under(
        env,
        *("SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS"),
        *("SECURE_HSTS_PRELOAD", "SECURE_PROXY_SSL_HEADER", "SESSION_COOKIE_SECURE"),
    )
    assert s == {
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 63072000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_HSTS_PRELOAD": True,
        "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
        "SESSION_COOKIE_SECURE": False,
    }


@pytest.mark.parametrize(("name", "value"), [("DEBUG", "maybe"), ("SECURE_HSTS_SECONDS", "1y")])
def test_unreadable_value_stops_start_up_naming_the_variable(tmp_path, name, value):
    with pytest.raises(ImproperlyConfigured, match=f"^{name}={value!r}: "):
        settings_under({"VAR_DIR": str(tmp_path), name: value})


@pytest.mark.parametrize("broker", [None, "redis://127.0.0.1:6379/0"])
def test_two_sites_on_one_redis_have_their_own_queue_and_broker_keys(tmp_path, broker):
    """Issue 17: a second site's worker took the first's bot turns. REDIS_KEY_PREFIX names the
    queue and prefixes every key Celery makes on a Redis broker."""
    names = ("CELERY_TASK_DEFAULT_QUEUE", "CELERY_BROKER_TRANSPORT_OPTIONS")
    env = {"VAR_DIR": str(tmp_path), **({"CELERY_BROKER_URL": broker} if broker else {})}
    first = settings_under({**env, "REDIS_KEY_PREFIX": "first"}, *names)
    second = settings_under({**env, "REDIS_KEY_PREFIX": "second"}, *names)
    assert (first["CELERY_TASK_DEFAULT_QUEUE"], second["CELERY_TASK_DEFAULT_QUEUE"]) == (
        "first",
        "second",
    )
    assert first["CELERY_BROKER_TRANSPORT_OPTIONS"] == {"global_keyprefix": "first:"}
    assert second["CELERY_BROKER_TRANSPORT_OPTIONS"] == {"global_keyprefix": "second:"}


def test_a_rabbitmq_broker_gets_no_redis_key_prefix(tmp_path):
    env = {"VAR_DIR": str(tmp_path), "CELERY_BROKER_URL": "amqp://guest:guest@127.0.0.1:5672//"}
    module = settings_under(env, "CELERY_TASK_DEFAULT_QUEUE")
    assert module["CELERY_TASK_DEFAULT_QUEUE"] == "taash"
    with pytest.raises(KeyError):
        settings_under(env, "CELERY_BROKER_TRANSPORT_OPTIONS")
