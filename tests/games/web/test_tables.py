"""The table pages: lobby, new table, the table, its replay (in process, no live server)."""

import re

import pytest
from django.urls import reverse

from games.engine import GAMES
from games.ranked.models import QueueEntry
from games.tables.models import Move, Seat, Table, TableStatus
from games.web.templatetags.table_tags import card_chip, card_svg, cards_svg
from tests.games.table_support import bots_play, match_of, members, signed_in, table_new
from tests.live import ROOT

pytestmark = pytest.mark.django_db

LANGUAGES = {"en": "ltr", "hi": "ltr", "ur": "rtl"}


def new_table_form(**changes) -> dict:
    form = {
        "variant": "standard",
        "seat_count": "4",
        "player_0": "",
        "player_1": "",
        "player_2": "medium",
        "player_3": "hard",
        "turn_seconds": "30",
        "max_timeouts": "2",
        "bot_delay_seconds": "1",
        "allow_spectators": "on",
        "option_target": "21",
        "option_low_rule": "won",
        # Both Pitch house rules on: the dealer's box unticked, the back door's ticked.
        "option_back_door": "on",
    }
    return {**form, **changes}


def checkbox(page: str, name: str) -> str:
    """The ``<input>`` tag of the form's field ``name``."""
    return re.search(rf'<input[^>]*name="{name}"[^>]*>', page).group(0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_lobby_and_new_table_pages_render_in_each_language(client, language):
    (asha,) = members(1)
    member = signed_in(asha)
    member.cookies["django_language"] = language
    for page in ("/games/pitch/tables/", "/games/rummy/tables/new/"):
        response = member.get(page)
        assert response.status_code == 200
        assert f'<html lang="{language}" dir="{LANGUAGES[language]}">' in response.text


def test_the_lobby_lists_open_public_tables_with_their_free_seats(client):
    asha, bilal = members(2)
    open_table = table_new(asha, "rummy", ["", "", "easy"])
    private_table = table_new(bilal, "rummy", ["", ""], private=True)
    page = client.get("/games/rummy/tables/").text
    assert f'href="{reverse("table", args=[open_table.pk])}"' in page
    assert f'href="{reverse("table", args=[private_table.pk])}"' not in page
    row = re.search(rf'<tr data-table="{open_table.pk}">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r"<td[^>]*>(\d+)</td>", row) == ["2", "1"]  # two seats taken, one free


def test_the_lobby_gives_members_a_play_ranked_button_per_format_that_joins_its_queue(client):
    """Issue 32: "Play ranked" puts the member in the format's queue at its usual seat count,
    and the queue page says where they stand; a visitor has no button."""
    (asha,) = members(1)
    variants = GAMES["rummy"].variants
    for reader, buttons in ((client, 0), (signed_in(asha), len(variants))):
        page = reader.get("/games/rummy/tables/").text
        assert page.count('<button type="submit" aria-label="Play ranked: ') == buttons
    assert f'action="{reverse("ranked_queue_join", args=["rummy"])}"' in page
    response = signed_in(asha).post(
        reverse("ranked_queue_join", args=["rummy"]), {"variant": "points"}
    )
    assert response.status_code == 302
    assert response.url == reverse("ranked_queue", args=["rummy"])
    entry = QueueEntry.objects.get(user=asha)
    assert (entry.game, entry.variant, entry.seats) == ("rummy", "points", 2)
    assert not Table.objects.exists()


def test_only_the_lobby_loads_htmx_with_its_websocket_extension_and_connects_it(client):
    lobby, home = client.get("/games/rummy/tables/").text, client.get("/").text
    for script in ("vendor/htmx-2.0.11.min.js", "vendor/htmx-ext-ws-2.0.4.min.js"):
        assert f'<script src="/static/{script}" defer></script>' in lobby
        assert script not in home
        assert (ROOT / "static" / script).is_file()
    assert '<section class="lobby" hx-ext="ws" ws-connect="/ws/pages/lobby/rummy/">' in lobby


def test_an_unknown_game_has_no_lobby(client):
    assert client.get("/games/poker/tables/").status_code == 404


def test_making_a_table_needs_an_account(client):
    response = client.get("/games/pitch/tables/new/")
    assert response.status_code == 302
    assert "/accounts/login/" in response.url


def test_a_new_table_seats_its_maker_and_keeps_its_settings():
    (asha,) = members(1)
    response = signed_in(asha).post("/games/pitch/tables/new/", new_table_form(private="on"))
    table = Table.objects.get()
    assert response.url == f"/tables/{table.pk}/"
    seats = Seat.objects.filter(table=table).order_by("number")
    assert [(s.user_id, s.bot_level) for s in seats] == [
        (asha.pk, ""),
        (None, ""),
        (None, "medium"),
        (None, "hard"),
    ]
    assert (table.private, table.turn_seconds) == (True, 30)
    assert table.options == {
        "low_rule": "won",
        "dealer_can_match_kot": False,
        "target": 21,
        "back_door": True,
    }


@pytest.mark.parametrize(
    ("game", "name", "ticked"),
    [
        ("pitch", "option_dealer_can_match_kot", True),  # PI-3
        ("pitch", "option_back_door", False),  # PI-8
        ("courtpiece", "option_first_pair_not_tricks_1_2", False),  # CP-18
        ("courtpiece", "option_ace_pair_does_not_collect", False),  # CP-18
        ("courtpiece", "option_last_trick_takes_rest", False),  # CP-18
    ],
)
def test_the_new_table_form_starts_from_the_seed_with_every_house_rule_off_PI_3_PI_7_PI_8_CP_18(
    game, name, ticked
):
    (asha,) = members(1)
    page = signed_in(asha).get(f"/games/{game}/tables/new/").text
    assert ("checked" in checkbox(page, name)) is ticked


def test_a_pitch_table_made_from_the_form_as_shown_plays_the_seeds_rules_PI_3_PI_8():
    """The browser sends a ticked box and leaves an unticked one out."""
    (asha,) = members(1)
    form = new_table_form(option_dealer_can_match_kot="on", player_1="easy")
    del form["option_back_door"]
    signed_in(asha).post("/games/pitch/tables/new/", form)
    table = Table.objects.get()
    assert (table.options["dealer_can_match_kot"], table.options["back_door"]) == (True, False)
    signed_in(asha).post(f"/tables/{table.pk}/start/", {"bot_level": "easy"})
    assert match_of(table).view(None)["options"] == table.options


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"option_target": "0"}, "Ensure this value is greater than or equal to 1."),
        ({"seat_count": "3"}, "Select a valid choice."),
        ({"turn_seconds": "2"}, "Ensure this value is greater than or equal to 5."),
        ({"player_1": "genius"}, "Select a valid choice."),
    ],
)
def test_bad_settings_are_shown_on_the_form_and_make_nothing(changes, error):
    (asha,) = members(1)
    response = signed_in(asha).post("/games/pitch/tables/new/", new_table_form(**changes))
    assert response.status_code == 200
    assert error in response.text
    assert not Table.objects.exists()


def test_a_private_table_is_hidden_from_strangers_and_open_to_its_invite(client):
    asha, stranger = members(2)
    table = table_new(asha, "rummy", ["", ""], private=True)
    page = f"/tables/{table.pk}/"
    assert client.get(page).status_code == 404
    assert signed_in(stranger).get(page).status_code == 404
    assert signed_in(stranger).get(f"{page}?invite={table.invite_token}").status_code == 200
    owner_page = signed_in(asha).get(page).text
    assert f"?invite={table.invite_token}" in owner_page


def test_seats_are_taken_and_left_from_the_table_page_and_the_last_one_starts_the_match():
    asha, bilal = members(2)
    table = table_new(asha, "rummy", ["", ""])
    guest = signed_in(bilal)
    guest.post(f"/tables/{table.pk}/seat/", {"seat": "0"})  # taken: refused, said on the page
    page = guest.get(f"/tables/{table.pk}/").text
    assert "That seat is already taken." in page
    signed_in(asha).post(f"/tables/{table.pk}/leave/")
    guest.post(f"/tables/{table.pk}/seat/", {"seat": "1"})
    table.refresh_from_db()
    assert table.status == TableStatus.ABANDONED  # Asha left first: nobody was sitting


def test_the_maker_starts_the_match_with_bots_of_the_chosen_level():
    (asha,) = members(1)
    table = table_new(asha, "courtpiece", ["", "", "", ""])
    signed_in(asha).post(f"/tables/{table.pk}/start/", {"bot_level": "easy"})
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING
    assert list(table.seats.values_list("bot_level", flat=True)) == ["", "easy", "easy", "easy"]


def test_a_seat_sees_its_own_hand_and_a_spectator_sees_none(client):
    (asha,) = members(1)
    table = bots_play(table_new(asha, "pitch", ["", "easy", "easy", "easy"]))
    hand = match_of(table).view(0)["hand"]
    own = signed_in(asha).get(f"/tables/{table.pk}/").text
    watched = client.get(f"/tables/{table.pk}/").text
    assert str(cards_svg(hand)) in own
    assert 'id="hand"' not in watched
    assert "You are watching" in watched


def test_the_table_page_draws_every_card_once_for_its_script_to_clone():
    """One drawing of a card: the hand on the page and the faces the script clones are the same
    markup, each face drawn once (52 cards, the printed joker, the back, four suits)."""
    (asha,) = members(1)
    table = bots_play(table_new(asha, "rummy", ["", "easy"]))
    page = signed_in(asha).get(f"/tables/{table.pk}/").text
    faces = re.findall(r'<template id="(face-[^"]+|suit-mark-[SHDC])">', page)
    assert len(faces) == len(set(faces)) == 52 + 1 + 1 + 4
    for code in match_of(table).view(0)["hand"]:
        assert f'<template id="face-{code}">{card_svg(code)}</template>' in page
        assert str(card_svg(code)) in page.split('<div id="hand"', 1)[1]
    # Issue 22, point 11: each card's chip for lines of text too, its rank as text.
    chips = re.findall(r'<template id="chip-([^"]+)">', page)
    assert len(chips) == len(set(chips)) == 52 + 1 + 1
    assert '<span class="chip-rank" aria-hidden="true">10</span>' in str(card_chip("10H"))
    assert 'aria-label="10 of hearts"' in str(card_chip("10H"))


def test_the_replay_steps_through_a_finished_match_with_every_hand_open(client):
    (asha,) = members(1)
    table = bots_play(table_new(asha, "unders", ["medium", "medium"]))
    first = client.get(f"/tables/{table.pk}/replay/")
    assert first.status_code == 200
    assert f"Move 0 of {table.version}" in first.text
    # Issue 22: the table's own board, read-only, drawn from the step's frame: no socket,
    # no moves, every hand open (both hands of eight, as dealt), seats by name.
    frame = replay_frame_of(first.text)
    assert frame["legal"] == [] and 'data-socket=""' in first.text
    assert [
        sum(len(g["cards"]) for g in hand if g["label"] == "dealt") for hand in frame["open_hands"]
    ] == [12, 12]
    assert "Meera, medium bot" in first.text or frame["seats"][0]["bot"] == "medium"
    last = client.get(f"/tables/{table.pk}/replay/?step=9999")
    assert f"Move {table.version} of {table.version}" in last.text
    frame = replay_frame_of(last.text)
    assert frame["status"] == "finished" and frame["last_move"]["text"]
    assert any(hand for hand in frame["open_hands"])  # "Every hand" is not empty at the end


def test_a_replay_shows_a_move_stored_with_deeply_nested_junk_without_failing(client):
    """Issue 17: a move stored before actions were kept canonical may hold anything a client
    sent; 200 levels of nesting made every viewer's replay page fail (RecursionError)."""
    (asha,) = members(1)
    table = bots_play(table_new(asha, "rummy", ["easy", "easy"]))
    deep: list = []
    for _level in range(200):
        deep = [deep]
    move = Move.objects.filter(table=table).order_by("version").first()
    Move.objects.filter(pk=move.pk).update(action={**move.action, "deep": deep})
    response = client.get(f"/tables/{table.pk}/replay/?step=1")
    assert response.status_code == 200
    # The move is told from its public events: the junk in its action is never shown.
    assert replay_frame_of(response.text)["last_move"]["text"]


def replay_frame_of(page: str) -> dict:
    import json
    import re

    found = re.search(
        r'<script id="table-frame" type="application/json">(.*?)</script>', page, re.S
    )
    assert found
    return json.loads(found.group(1))


def test_a_match_still_being_played_has_no_replay(client):
    (asha,) = members(1)
    table = table_new(asha, "pitch", ["", "easy", "easy", "easy"])
    assert client.get(f"/tables/{table.pk}/replay/").status_code == 404


def result_section(page: str) -> str:
    start = page.index('id="result"')
    return page[start : page.index("</section>", start)]


@pytest.mark.parametrize(
    ("game", "seats", "dealt"),
    [("courtpiece", 4, 52), ("pitch", 4, 24), ("unders", 2, 24)],
)
def test_the_result_screen_opens_every_hand_once_the_match_is_over(client, game, seats, dealt):
    """Every seat's last deal or hand as dealt (Court Piece: as play began, CP-8's face-down
    card with its caller; Pitch: its six, PI-6; Hidden Unders: the twelve), then every card
    still held (Hidden Unders: the cards left, its score, HU-11); never before the end."""
    (asha,) = members(1)
    # Medium bots: two easy ones at Hidden Unders can trade the pile for thousands of moves.
    table = table_new(asha, game, ["", *["medium"] * (seats - 1)])
    assert 'id="result"' not in signed_in(asha).get(f"/tables/{table.pk}/").text
    Seat.objects.filter(table=table, number=0).update(bot_level="medium")
    table = bots_play(table)
    assert table.status == TableStatus.FINISHED
    shown = result_section(signed_in(asha).get(f"/tables/{table.pk}/").text)
    parts = re.findall(r'<div class="open-hand-part">(.*?)</div>', shown, re.S)
    as_dealt = [part for part in parts if "As dealt" in part]
    assert len(as_dealt) == seats
    assert sum(part.count('class="card-svg') for part in as_dealt) == dealt
    held = sum(part.count('class="card-svg') for part in parts if part not in as_dealt)
    if game == "unders":
        assert held == sum(match_of(table).result()["scores"])
    else:
        played = match_of(table).view(None)
        assert held == sum(played["hand_sizes"])
    assert 'class="card-svg back' not in shown
    # The member's Latin name set apart from the words around it (an Urdu line keeps its
    # brackets the right way round).
    assert f"Seat 1 (\u2068{asha.username}\u2069)" in shown
