from config.env import celery_broker_url_for


def test_unix_socket_redis_url_becomes_kombus_socket_url_with_its_database():
    assert celery_broker_url_for("unix:///srv/var/redis.sock?db=3") == (
        "redis+socket:///srv/var/redis.sock?virtual_host=3"
    )


def test_unix_socket_redis_url_without_database_keeps_the_default_one():
    assert (
        celery_broker_url_for("unix:///srv/var/redis.sock") == "redis+socket:///srv/var/redis.sock"
    )


def test_tcp_redis_url_is_already_a_broker_url():
    assert celery_broker_url_for("redis://10.0.0.5:6379/1") == "redis://10.0.0.5:6379/1"
