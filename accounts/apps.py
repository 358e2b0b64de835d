from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from accounts.ratings.models import Rating


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from django.db.models.signals import pre_delete

        from accounts.ratings.models import Rating

        # A member's deletion takes their ratings with it (CASCADE): the counts follow. Before
        # the delete, in its transaction: a bot account's row, which says the rating was never
        # counted, goes first (a fast delete), before the post_delete signals.
        pre_delete.connect(_rating_deleted, sender=Rating, dispatch_uid="rating_count_forget")


def _rating_deleted(sender: "type[Rating]", instance: "Rating", **kwargs: object) -> None:
    from accounts.ratings.services import rating_count_forget

    rating_count_forget(rating=instance)
