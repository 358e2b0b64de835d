"""What a table service raises when it turns a request down, having changed nothing.

The code is stable; ``games.words.refusals.refusal_text`` gives the reader its message.
"""


class TableRefusal(Exception):
    """A request the table turns down, having changed nothing."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code
