"""A table's row keeps its state whole on PostgreSQL (issue 34): past 2 kB a row is compressed,
its largest value first, and a Pitch state in play (1.7 kB of JSON, 2.7 kB of row with it)
was compressed at every move's write and expanded at every read. ``toast_tuple_target`` at its
most (8,160 bytes, a page less its header) leaves a row that fits a page as it is; a larger one
is still compressed. Only rows written from now on: each move writes its table's row anew."""

from django.db import migrations

TARGET = 8160


def kept_whole(apps, schema_editor):
    _target_set(apps, schema_editor, f"SET (toast_tuple_target = {TARGET})")


def compressed_again(apps, schema_editor):
    _target_set(apps, schema_editor, "RESET (toast_tuple_target)")


def _target_set(apps, schema_editor, change: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return  # SQLite keeps a row as it is written
    table = schema_editor.quote_name(apps.get_model("games", "Table")._meta.db_table)
    schema_editor.execute(f"ALTER TABLE {table} {change}")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0020_move_table_index_dropped"),
    ]

    operations = [migrations.RunPython(kept_whole, compressed_again)]
