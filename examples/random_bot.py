"""A bot for Taash's bot API that plays random legal moves: Python's standard library only.

    python random_bot.py --url https://taash.example --token taash_... [--matches N] [--log F]

It reads the account's event stream, accepts every invitation, and plays each match it is
seated at on a thread of its own: it reads the table's stream (one JSON object a line) and,
whenever a frame lists legal moves for its seat, sends one of them with the frame's version.
With --matches it stops after that many matches ended; --log writes every line it reads.
The API is described at /api/ on the site.
"""

import argparse
import json
import random
import threading
import time
import urllib.error
import urllib.request


class Api:
    def __init__(self, url: str, token: str, log: str | None = None) -> None:
        self.url = url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}", "Accept-Language": "en"}
        self.log = open(log, "a", encoding="utf-8") if log else None  # noqa: SIM115
        self.lock = threading.Lock()

    def post(self, path: str, body: dict | None = None) -> dict:
        """POST a JSON body; an error's JSON is returned as the answer is."""
        data = json.dumps(body or {}).encode()
        headers = {**self.headers, "Content-Type": "application/json"}
        request = urllib.request.Request(self.url + path, data, headers, method="POST")
        for _ in range(5):
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    return json.load(answer)
            except urllib.error.HTTPError as error:
                if error.code == 429:  # too many requests: wait as told, then again
                    time.sleep(int(error.headers.get("Retry-After", "1")))
                    continue
                return json.load(error)
        return {"type": "error", "code": "too_many_requests"}

    def get(self, path: str) -> dict:
        request = urllib.request.Request(self.url + path, headers=self.headers)
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)

    def stream(self, path: str):
        """Each JSON object of an NDJSON stream, until the server ends it."""
        request = urllib.request.Request(self.url + path, headers=self.headers)
        with urllib.request.urlopen(request, timeout=60) as answer:
            for raw in answer:
                if not raw.strip():
                    continue
                if self.log is not None:
                    with self.lock:
                        self.log.write(raw.decode())
                        self.log.flush()
                yield json.loads(raw)


def play(api: Api, table: int, chooser: random.Random) -> None:
    """Play the account's seat at ``table`` to the end of its match."""
    for frame in api.stream(f"/api/bot/tables/{table}/stream"):
        if frame["type"] != "state":
            continue  # a keep-alive
        if frame["status"] != "playing":
            if frame["status"] != "open":
                return  # finished, abandoned or ended
            continue
        if frame["pause"] is not None and not frame["seats"][frame["seat"]]["ready"]:
            api.post(f"/api/bot/tables/{table}/ready")  # the deal's result is read
        if frame["legal"]:
            move = {"action": chooser.choice(frame["legal"]), "version": frame["version"]}
            answer = api.post(f"/api/bot/tables/{table}/move", move)
            if answer.get("type") == "error" and answer["code"] != "stale_version":
                print(f"table {table}: {answer['code']}: {answer['message']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--matches", type=int, default=0, help="stop after this many (0: never)")
    parser.add_argument("--log", help="write every line read to this file")
    parser.add_argument("--seed", type=int, default=None)
    options = parser.parse_args()
    api = Api(options.url, options.token, options.log)
    chooser = random.Random(options.seed)
    print("playing as", api.get("/api/account")["name"])
    playing: dict[int, threading.Thread] = {}
    ended = 0
    while True:
        try:
            for event in api.stream("/api/stream/events"):
                kind = event["type"]
                if kind == "invitation":
                    answer = api.post(f"/api/bot/invitations/{event['id']}/accept")
                    print("invitation to table", event["table"], "->", answer)
                elif kind == "matchStarted" and event["table"] not in playing:
                    seed = chooser.randrange(1 << 30)
                    thread = threading.Thread(
                        target=play, args=(api, event["table"], random.Random(seed)), daemon=True
                    )
                    playing[event["table"]] = thread
                    thread.start()
                elif kind == "matchEnded":
                    ended += 1
                    print("match ended at table", event["table"], event["status"])
                    if options.matches and ended >= options.matches:
                        for thread in playing.values():
                            thread.join(30)
                        return
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            print("stream lost, again in 2 s:", error)
            time.sleep(2)


if __name__ == "__main__":
    main()
