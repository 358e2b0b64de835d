from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from accounts.ratings.models import Rating


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from django.db.models.signals import post_delete

        from accounts.ratings.models import Rating

        # A member's deletion takes their ratings with it (CASCADE): the counts follow.
        post_delete.connect(_rating_deleted, sender=Rating, dispatch_uid="rating_count_forget")


def _rating_deleted(sender: "type[Rating]", instance: "Rating", **kwargs: object) -> None:
    from accounts.ratings.services import rating_count_forget

    rating_count_forget(rating=instance)
