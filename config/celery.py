"""The Celery app: `celery -A config worker` and `celery -A config beat` start from here."""

import os

from celery import Celery
from celery.signals import task_postrun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("taash")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_postrun.connect
def connections_given_back(**_kwargs: object) -> None:
    """After each job its database connection goes back to the process's pool (or is closed
    when unusable), as after a request: Celery's own fixup leaves it open for CELERY_DB_REUSE_MAX
    jobs (config/settings.py)."""
    from django.db import close_old_connections

    close_old_connections()
