"""The ``<id:...>`` path converter: a row id that fits the database's 64-bit key.

Django's ``<int:...>`` takes any run of digits, and a number past 2**63 - 1 reached the plain SQL
of the write path, where SQLite raised OverflowError (a 500 on POST; issue 17). An id outside
1 .. 2**63 - 1 matches no URL, so it is a 404 like any other missing row.
"""

from django.urls import register_converter

LARGEST_ID = 2**63 - 1


class RowIdConverter:
    regex = "[1-9][0-9]{0,18}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > LARGEST_ID:
            raise ValueError("past the largest row id")  # Django reads this as "no match"
        return number

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(RowIdConverter, "id")


def row_id_or_none(value: object) -> int | None:
    """A row id typed in a form or a frame, or None: past the 64-bit key it names no row, and
    SQLite would raise rather than find none (a 500, or a socket's 1011)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip()
        if not value.isdigit() or len(value) > 19:
            return None
        value = int(value)
    if isinstance(value, int) and 1 <= value <= LARGEST_ID:
        return value
    return None
