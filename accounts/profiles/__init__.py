"""A member's profile: the name others see (``models.validate_visible_text``, ``name_taken``),
their picture at the tables (``avatars``: our own drawn set), the language they read and their
time zone; ``selectors`` reads it, ``services.profile_update`` writes it; ``requests`` types the
request a view is given (a signed-in member's too).

How every time, date and number reads to its reader (issue 33): ``zones`` (zones by name,
renamed ones too; India's for a visitor whose browser has not said), ``middleware`` (activates
the reader's zone for each request), ``formats`` (in the reader's language and zone, the zone
named, through Babel's CLDR data) and ``format_tags`` (the ``formats`` template library).

The floor of accounts: imports Django (django-htmx for a type) and Babel alone, nothing else
of accounts or of any other app but the floor's news door (``games.news``: ``news`` says a
member changed their refusal of bots in ranked, which the ranked queue follows), so that every
package of every app may format a time through it.
"""
