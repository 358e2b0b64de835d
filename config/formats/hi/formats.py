# Hindi: English's forms (config.formats.en) with the month's name in full, as Django
# translates it (दिसंबर): the abbreviations are not translated.
from config.formats.en.formats import (
    DATE_INPUT_FORMATS,
    DATETIME_INPUT_FORMATS,
    DECIMAL_SEPARATOR,
    FIRST_DAY_OF_WEEK,
    MONTH_DAY_FORMAT,
    NUMBER_GROUPING,
    SHORT_DATE_FORMAT,
    SHORT_DATETIME_FORMAT,
    THOUSAND_SEPARATOR,
    TIME_FORMAT,
    YEAR_MONTH_FORMAT,
)

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, g:i a"

__all__ = [
    "DATETIME_FORMAT",
    "DATETIME_INPUT_FORMATS",
    "DATE_FORMAT",
    "DATE_INPUT_FORMATS",
    "DECIMAL_SEPARATOR",
    "FIRST_DAY_OF_WEEK",
    "MONTH_DAY_FORMAT",
    "NUMBER_GROUPING",
    "SHORT_DATETIME_FORMAT",
    "SHORT_DATE_FORMAT",
    "THOUSAND_SEPARATOR",
    "TIME_FORMAT",
    "YEAR_MONTH_FORMAT",
]
