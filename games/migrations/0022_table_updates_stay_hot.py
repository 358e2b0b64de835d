"""A move's update of its table's row stays in its page and writes no index (a HOT update) on
PostgreSQL (issue 34). A 20-minute soak found 275 of 43,317 updates of the row HOT: every move
sets a new turn clock (``deadline``, ``bot_due``), both were in indexes, and an update that
changes an indexed column writes a new entry in every index of the table and a new row version
wherever there is room, so the heap and all six indexes grew move by move.

- The two clock indexes go. The sweep (every 2 s) finds the live tables by ``table_live``, a
  partial index of the status alone (a move never changes it), and reads their clocks on the
  rows: at 10,000 playing tables that is a pass over their rows every 2 s, against an entry in
  six indexes at every move.
- ``fillfactor`` 70: a new row leaves 30% of its page free, room for a Pitch row's next version
  (2.6 kB) beside two rows, so even a table's first updates find room in their page.
- ``toast_tuple_target`` 4,080 (0021 set 8,160): a row is kept whole up to half a page, so that
  two versions of it fit one page; a larger one (a rummy deal's, 5 kB) is compressed to that,
  where kept whole it could never be updated in its page.

Only new pages and new row versions follow the storage settings; each move writes its row anew.
SQLite has no such settings, and takes the indexes as they are."""

from django.db import migrations, models

HOT = "fillfactor = 70, toast_tuple_target = 4080"
BEFORE = "fillfactor = 100, toast_tuple_target = 8160"


def storage_for_hot(apps, schema_editor):
    _storage_set(apps, schema_editor, HOT)


def storage_as_before(apps, schema_editor):
    _storage_set(apps, schema_editor, BEFORE)


def _storage_set(apps, schema_editor, settings: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    table = schema_editor.quote_name(apps.get_model("games", "Table")._meta.db_table)
    schema_editor.execute(f"ALTER TABLE {table} SET ({settings})")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0021_table_state_kept_whole"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="table", name="games_table_status_4da6a6_idx"),
        migrations.RemoveIndex(model_name="table", name="games_table_status_999104_idx"),
        migrations.AddIndex(
            model_name="table",
            index=models.Index(
                condition=models.Q(("status__in", ["open", "playing"])),
                fields=["status"],
                name="table_live",
            ),
        ),
        migrations.RunPython(storage_for_hot, storage_as_before),
    ]
