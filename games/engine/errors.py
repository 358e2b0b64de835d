"""The one error every engine raises for a refused action."""


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    ``code`` is a stable key (``"not_your_turn"``, ``"joker_from_open_pile"``) that the table
    layer maps to a translated message; ``message`` is plain English for logs and tests.
    Raising it leaves the match exactly as it was.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
