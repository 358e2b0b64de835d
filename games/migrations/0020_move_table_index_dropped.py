"""The moves' own index of their table goes (issue 34): ``move_version_unique`` on (table,
version) serves every read by table. Dropped by name, on either database: Django's own
AlterField would copy the whole moves table on SQLite to drop one index."""

import django.db.models.deletion
from django.db import migrations, models

INDEX = "games_move_table_id_b227484b"


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0019_bot_invitation_withdrawn"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="move",
                    name="table",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="moves",
                        to="games.table",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{INDEX}"',
                    reverse_sql=f'CREATE INDEX "{INDEX}" ON "games_move" ("table_id")',
                ),
            ],
        ),
    ]
