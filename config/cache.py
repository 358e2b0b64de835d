"""The cache backend: Django's Redis cache, with one client (and connection pool) a process.

Django makes a cache object per thread and request (``caches`` is an asgiref ``Local``), and
its ``RedisCache`` gives each object a client with a pool of its own: every request that used
the cache opened a new connection to Redis, and redis-py read its own package's metadata from
disk to introduce itself on it (``CLIENT SETINFO``). For the bot API, whose every request
counts its token's rate in the cache, that was a sixth of Daphne's CPU per move (issue 35,
``bench.bench_botapi --profile``). redis-py's pool is thread-safe and starts afresh in a forked
child, so one a process serves every thread; the key prefix and the timeouts stay the cache
object's own.
"""

import threading
from functools import cached_property
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

_clients: dict[str, RedisCacheClient] = {}
_clients_made = threading.Lock()


class ProcessRedisCache(RedisCache):
    # Django's own, which django-stubs leaves out.
    _servers: list[str]
    _options: dict[str, Any]
    _class: type[RedisCacheClient]

    @cached_property
    def _cache(self) -> RedisCacheClient:
        # The same servers and options (LOCATION, OPTIONS) share a client.
        key = repr((self._servers, sorted(self._options.items())))
        with _clients_made:
            if key not in _clients:
                _clients[key] = self._class(self._servers, **self._options)
            return _clients[key]
