"""Typed readers for the environment variables that configure the platform.

A value that cannot be read stops the process with the variable's name, so that a typo in a
deployment fails at start-up instead of silently falling back to a default.
"""

import base64
import os
from collections.abc import Callable
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: use 1 or 0 (true/false, yes/no, on/off)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r}: expected a whole number") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; blanks around items are ignored."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def secret_key_from_file(path: Path) -> str:
    """This installation's own key, made on first use and kept in ``path``."""
    return _made_once(path, get_random_secret_key)


def vapid_key_from_file(path: Path) -> str:
    """This installation's own VAPID key for Web Push (RFC 8292: a P-256 private key, as
    base64url of its 32 bytes), made on first use and kept in ``path``. Browsers subscribe to
    its public half: a new key means every browser must subscribe again."""
    from cryptography.hazmat.primitives.asymmetric import ec

    def make() -> str:
        number = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
        return base64.urlsafe_b64encode(number.to_bytes(32, "big")).rstrip(b"=").decode()

    return _made_once(path, make)


def _made_once(path: Path, make: Callable[[], str]) -> str:
    """A secret made on first use and kept in ``path`` (mode 600).

    Every process of one machine (Daphne, worker, beat, manage.py) must use the same one, and
    they may all start at once: it is written to a private temporary file and hard-linked into
    place, so exactly one candidate wins and every process reads that one.
    """
    if path.exists():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    candidate = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as file:
        file.write(make())
    try:
        os.link(candidate, path)
    except FileExistsError:
        pass
    finally:
        candidate.unlink()
    return path.read_text().strip()


def celery_broker_url_for(redis_url: str) -> str:
    """The Celery (kombu) spelling of a Redis URL: kombu names unix sockets ``redis+socket``."""
    if not redis_url.startswith("unix://"):
        return redis_url
    path, _, query = redis_url.removeprefix("unix://").partition("?")
    db = dict(part.split("=", 1) for part in query.split("&") if "=" in part).get("db")
    return f"redis+socket://{path}" + (f"?virtual_host={db}" if db else "")
