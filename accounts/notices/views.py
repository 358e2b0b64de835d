"""The page of a member's notices."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from accounts.notices.inbox import notice_text, notices_mark_read, notices_of


@login_required
def notices(request):
    """What the site told the member, newest first, each in the reader's language now; the
    page marks them read (the unread ones are marked on the page first)."""
    shown = [
        {
            "text": notice_text(notice),
            "link": notice.link,
            "unread": notice.read_at is None,
            "created_at": notice.created_at,
        }
        for notice in notices_of(request.user)
    ]
    notices_mark_read(member=request.user)
    return render(request, "accounts/notices.html", {"notices": shown})
