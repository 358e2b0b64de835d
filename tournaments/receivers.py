"""Learning that a tournament's table finished, without ``games.tables`` knowing tournaments:
``games.news.published`` carries every table's ``TableChanged`` (status before and after);
a table that has just finished queues its tournament's round check (the sweep catches it if
this is lost)."""

from games.news import News
from games.tables.models import TableStatus
from games.tables.news import TableChanged
from tournaments.jobs import round_check_queue
from tournaments.models import RoundTable

ENDED = (TableStatus.FINISHED, TableStatus.ABANDONED)


def on_published(sender, news: News, **kwargs) -> None:
    if not isinstance(news, TableChanged):
        return
    if news.status not in ENDED or news.status_before in ENDED or not news.status_before:
        return
    tournament_id = (
        RoundTable.objects.filter(table_id=news.table_id)
        .values_list("round__tournament_id", flat=True)
        .first()
    )
    if tournament_id is not None:
        round_check_queue(tournament_id=tournament_id)
