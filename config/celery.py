"""The Celery app: `celery -A config worker` and `celery -A config beat` start from here."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("taash")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
