# India's English: the day before the month, 12-hour clock, lakhs and crores.
DATE_FORMAT = "j M Y"
TIME_FORMAT = "g:i a"
DATETIME_FORMAT = "j M Y, g:i a"
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "j F"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y g:i a"
FIRST_DAY_OF_WEEK = 0  # Sunday, as calendars in India and Pakistan print the week
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%d-%m-%Y"]
DATETIME_INPUT_FORMATS = [
    "%Y-%m-%dT%H:%M",
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d %H:%M",
    "%d/%m/%Y %H:%M",
]
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = (3, 2, 0)  # 1,00,00,000
