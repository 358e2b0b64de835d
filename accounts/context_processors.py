from accounts.notices import notices_unread_count

# Each language names itself in its own script, whatever the language of the page.
LANGUAGE_BUTTONS = (("en", "EN"), ("hi", "हिं"), ("ur", "اردو"))


def language_buttons(request):
    return {"language_buttons": LANGUAGE_BUTTONS}


def unread_notices(request):
    """How many notices the member has not read, for the menu (one indexed count)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notices": notices_unread_count(user)}
