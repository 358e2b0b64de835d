"""A member's profile: the name others see (``models.validate_visible_text``, ``name_taken``)
and the language they read; ``selectors`` reads it, ``services.profile_update`` writes it.

The floor of accounts: imports Django alone, nothing else of accounts or of any other app.
"""
