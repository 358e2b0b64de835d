"""A push service stand-in for the tests: a tiny HTTP server on 127.0.0.1 that takes pushes as
a browser's push service does (RFC 8030), answers each endpoint as told (201 taken, 410 gone),
and keeps what it took; and a browser's side of a subscription, whose keys decrypt them."""

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Browser:
    """A browser's keys for one subscription (RFC 8291): what it decrypts a push with."""

    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict[str, str]:
        point = self.private_key.public_key().public_bytes(
            Encoding.X962, PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64(point), "auth": b64(self.auth)}

    def read(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@dataclass
class Taken:
    path: str
    headers: dict[str, str]
    body: bytes


class PushService:
    """Answers ``answers[path]`` (201 by default) and keeps each push it answered."""

    def __init__(self) -> None:
        self.answers: dict[str, int] = {}
        self.taken: list[Taken] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                service.taken.append(
                    Taken(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                self.send_response(service.answers.get(self.path, 201))
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def endpoint(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_port}{path}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
