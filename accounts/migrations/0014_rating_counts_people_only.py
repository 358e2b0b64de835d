"""The counts of ratings per point (RatingCount) again, leaving out bot accounts' ratings: the
counts give a member's place on the leaderboard, which lists people only, and until now they
counted the rated bot accounts above a member too (issue 32)."""

import math
from collections import Counter

from django.db import migrations


def counts_of_people(apps, schema_editor):
    Rating = apps.get_model("accounts", "Rating")
    RatingCount = apps.get_model("accounts", "RatingCount")
    counts = Counter(
        (game, math.floor(ordinal))
        for game, ordinal in Rating.objects.filter(user__bot_account__isnull=True)
        .values_list("game", "ordinal")
        .iterator(chunk_size=10_000)
    )
    RatingCount.objects.all().delete()
    RatingCount.objects.bulk_create(
        (
            RatingCount(game=game, points=points, members=members)
            for (game, points), members in sorted(counts.items())
        ),
        batch_size=5_000,
    )


class Migration(migrations.Migration):

    dependencies = [("accounts", "0013_month_totals")]

    operations = [migrations.RunPython(counts_of_people, migrations.RunPython.noop)]
