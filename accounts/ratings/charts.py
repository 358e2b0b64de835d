"""Server-drawn line charts: the geometry of an inline SVG, for a template to write out."""

from dataclasses import dataclass

WIDTH = 600
HEIGHT = 180
# Room for the value labels on the left and a little air above and below the line.
LEFT = 70
TOP = 14
BOTTOM = 14
RIGHT = 10


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    points: str
    """``x,y x,y ...`` for a <polyline>."""
    first: int
    last: int
    high: int
    low: int
    high_y: float
    low_y: float
    matches: int
    left: int = LEFT
    right: int = WIDTH - RIGHT
    label_x: int = LEFT - 10
    last_x: float = 0.0
    last_y: float = 0.0


def line_chart(values: list[float]) -> Chart | None:
    """The chart of ``values`` in order, left to right; None with fewer than two. The highest
    value touches the top, the lowest the bottom (a flat line sits in the middle)."""
    if len(values) < 2:
        return None
    high, low = max(values), min(values)
    span = high - low
    plot_width = WIDTH - LEFT - RIGHT
    plot_height = HEIGHT - TOP - BOTTOM
    step = plot_width / (len(values) - 1)

    def y_of(value: float) -> float:
        share = 0.5 if span == 0 else (high - value) / span
        return round(TOP + share * plot_height, 1)

    xy = [(round(LEFT + index * step, 1), y_of(value)) for index, value in enumerate(values)]
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        points=" ".join(f"{x},{y}" for x, y in xy),
        first=round(values[0]),
        last=round(values[-1]),
        high=round(high),
        low=round(low),
        high_y=y_of(high),
        low_y=y_of(low),
        matches=len(values) - 1,
        last_x=xy[-1][0],
        last_y=xy[-1][1],
    )
