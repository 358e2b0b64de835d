"""What the daily deal's services raise when they turn a request down, having changed nothing.
The code is stable; ``games.words.daily.daily_refusal_text`` gives the reader its message."""


class DailyRefusal(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code
