"""The verify page of a table: the commitment from its creation and, once the match (a daily
deal: its day) is over, the seeds and the recomputed deal (games.tables.verify). ``?seed=``
checks another seed against the commitment: a tampered one is refused."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.catalogue import CATALOGUE_BY_SLUG
from games.tables.refusals import TableRefusal
from games.tables.seeds import GENERATOR_VERSION
from games.tables.verify import deal_verify, seed_may_be_revealed
from games.web.tables import _visible_table
from games.words.labels import variant_name
from games.words.refusals import refusal_text


def table_verify(request: HttpRequest, table_id: int) -> HttpResponse:
    table, invite = _visible_table(request, table_id)
    seed = request.GET.get("seed", "").strip() or None
    checked = refusal = None
    try:
        checked = deal_verify(table, server_seed=seed)
    except TableRefusal as refused:
        refusal = refusal_text(refused.code)
    context = {
        "table": table,
        "game": CATALOGUE_BY_SLUG[table.game],
        "variant": variant_name(table.game, table.variant, table.options),
        "invite": invite,
        "revealed": seed_may_be_revealed(table),
        "checked": checked,
        "refusal": refusal,
        "seed_tried": seed,
        "current_version": GENERATOR_VERSION,
    }
    return render(request, "games/verify.html", context)
