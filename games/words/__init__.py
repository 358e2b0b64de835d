"""What the tables say to people, in the reader's language: the names of variants, options,
moves and events, refusals, cards as screen readers say them (``labels``, ``refusals``); a
move, an event or an action told in words, the one place they become text (``moves``); a
rummy layout's labels and status line (``layout``); the table page's word list
(``table_page``).

May import: ``games.engine`` (its codes) and Django's translation. Nothing that reads or
writes the database.
"""
