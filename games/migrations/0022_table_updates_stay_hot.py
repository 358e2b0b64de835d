"""A move's update of its table's row stays in its page and writes no index (a HOT update) on
PostgreSQL (issue 34). A 20-minute soak found 275 of 43,317 updates of the row HOT: every move
sets a new turn clock (``deadline``, ``bot_due``), both were in indexes, and an update that
changes an indexed column writes a new entry in every index of the table and a new row version
wherever there is room, so the heap and all six indexes grew move by move.

- The two clock indexes go. The sweep (every 2 s) finds the live tables by ``table_live``, a
  partial index of the status alone (a move never changes it), and reads their clocks on the
  rows: at 10,000 playing tables among 60,000 (a copy of a Pitch row), 8 to 11 ms a query, two
  a sweep, about 1% of a core; the index entries it saves were six at every move.
- ``fillfactor`` 50: a new row leaves half its page free, room for its next version (any row
  kept whole, below). A page's dead versions are pruned when a read finds less free than the
  fillfactor leaves (at least a tenth of the page): at 70 (2.5 kB) a Pitch row (2.6 kB) could
  find too little room and yet no pruning, and under load a version just left is not yet dead
  to every transaction. ``bench_tables``, 200 tables: 0% of the row's updates HOT before,
  90% at 70, 100% at 50; a live Pitch table takes a page to itself (8 kB).
- ``toast_tuple_target`` 4,080 (0021 set 8,160): a row is kept whole up to half a page, so that
  two versions of it fit one page; a larger one (a rummy deal's, 5 kB) is compressed to that,
  where kept whole it could never be updated in its page.

Only new pages and new row versions follow the storage settings; each move writes its row anew.
SQLite has no such settings, and takes the indexes as they are."""

from django.db import migrations, models

HOT = "fillfactor = 50, toast_tuple_target = 4080"
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
