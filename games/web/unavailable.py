"""A clear "back in a moment" page, not a 500, when Redis does not answer.

Redis carries the cache that allauth's sign-in rate limits count in: with Redis paused, signing
in waited on the cache for 5.1 s and then failed with a 500 (issue 17), while moves, which need
only the database, were still written. The cache now gives up after a second
(``config.settings``), and this middleware answers 503 with a page in the reader's language
that says what is wrong and that nothing was lost.
"""

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from redis.exceptions import ConnectionError, TimeoutError

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 30


class RedisUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, ConnectionError | TimeoutError):
            return None
        logger.error("Redis did not answer for %s: %s", request.path, exception)
        response = render(request, "503.html", status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
