"""The cache's Redis client is the process's one (``config.cache``, issue 35): Django makes a
cache object per thread and request, and each made its own client, pool and connection, so
every request that used the cache connected to Redis anew."""

import threading

from django.core.cache import cache, caches


def test_every_thread_s_cache_object_shares_one_redis_client():
    seen = []

    def used() -> None:
        caches["default"].set("shared-client", 1)
        seen.append((caches["default"], caches["default"]._cache))

    threads = [threading.Thread(target=used) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    objects = {id(made) for made, _client in seen}
    clients = {id(client) for _made, client in seen}
    assert len(objects) == 3 and len(clients) == 1
    assert cache._cache is seen[0][1]
    # The shared client reads what each object wrote, under each object's own key prefix.
    assert cache.get("shared-client") == 1
