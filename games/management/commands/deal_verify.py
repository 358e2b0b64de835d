"""``manage.py deal_verify <table> [--seed SEED]``: recompute a finished table's deal from its
revealed seed (or from the seed given) and the members' seeds, and confirm every card dealt
(games.tables.verify). A seed that is not the one committed to, or asked for before it may be
revealed, is refused with a non-zero exit."""

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.tables.models import Table
from games.tables.refusals import TableRefusal
from games.tables.verify import deal_verify
from games.words.refusals import refusal_text


class Command(BaseCommand):
    help = "Recompute a finished table's deal from its seeds and confirm every card dealt."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("table", type=int, help="the table's number")
        parser.add_argument("--seed", help="check this server seed instead of the stored one")

    def handle(self, *args: str, **options: Any) -> None:
        table = Table.objects.filter(pk=options["table"]).first()
        if table is None:
            raise CommandError(refusal_text("no_table"))
        try:
            checked = deal_verify(table, server_seed=options["seed"])
        except TableRefusal as refusal:
            raise CommandError(refusal_text(refusal.code)) from None
        lines = [
            f"table {checked.table_id}: {checked.game} ({checked.variant})",
            f"generator: {checked.generator_version}",
            f"commitment: {checked.commitment} = SHA-256 of the server seed",
            f"server seed: {checked.server_seed}",
            *(
                f"seat {number + 1} seed: {seed or '(none)'}"
                for number, seed in enumerate(checked.seat_seeds)
            ),
            f"match seed: {checked.match_seed}",
            f"deal: all {checked.cards} cards lie where the recorded deal had them",
            f"moves: all {checked.moves} replayed to the recorded end, every later card too",
            "verified",
        ]
        self.stdout.write("\n".join(lines))
