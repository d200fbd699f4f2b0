"""Every endpoint of the JSON API, and the refusals the house rules ask for."""

from __future__ import annotations

import json
import time
from pathlib import Path

from fastapi.testclient import TestClient
from tests.web.conftest import make_app, new_table, view, wait_for

from vita.core import GameRecord, replay
from vita.core.record import replay_steps, start
from vita.registry import get_game
from vita.web.bots import BotPool


def test_games_and_catalogue(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert {"pursuit", "pursuit-cards"} <= set(games)
    assert "heuristic" in games["pursuit"]["bots"]
    assert "players" in games["pursuit"]["options"]["properties"]
    catalogue = client.get("/api/games/pursuit/catalogue").json()
    assert catalogue["act-in-play"]["name"] == "Act in Play"
    # The Community expansion's cards, Community cards and Popularity track are public texts too.
    assert catalogue["community:organize-a-party"]["name"] == "Organize a Party"
    assert catalogue["neighbourhood-garden"]["kind"] and catalogue["popularity-track"]["scores"][:4] == [0, 1, 1, 1]
    expansion = games["pursuit"]["options"]["properties"]["expansion"]
    assert "community" in json.dumps(expansion)
    assert client.get("/api/games/chess/catalogue").status_code == 404


def test_create_table_gives_a_link_per_person(client: TestClient) -> None:
    data = new_table(client, seats=[{"name": "Ana"}, {"name": "Bot", "kind": "bot", "bot": "random"}])
    people = [s for s in data["seats"] if "link" in s]
    assert len(people) == 1 and people[0]["link"].endswith(people[0]["token"])
    assert data["spectator_link"].endswith("/watch") and data["owner_token"]
    info = client.get(f"/api/tables/{data['table']}").json()
    assert info["game"] == "pursuit-cards" and info["seq"] == 0 and not info["over"]
    assert "token" not in json.dumps(info)


def test_bad_requests_are_refused_with_a_reason(client: TestClient) -> None:
    reply = client.post("/api/tables", json={"game": "chess", "seats": [{"name": "A"}, {"name": "B"}]})
    assert reply.status_code == 404 and "unknown game 'chess'" in reply.json()["error"]
    reply = client.post("/api/tables", json={"game": "pursuit-cards", "seats": [{"name": "A"}]})
    assert reply.status_code == 422 and "players" in reply.json()["error"]
    reply = client.post("/api/tables", json={"game": "pursuit", "seats": [{"name": "A", "kind": "wizard"}]})
    assert reply.status_code == 422
    reply = client.post("/api/tables", json={"game": "pursuit",
                                             "seats": [{"name": "A"}, {"name": "B", "kind": "bot", "bot": "genius"}]})
    assert reply.status_code == 422 and "unknown bot" in reply.json()["error"]
    reply = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert reply.status_code == 422 and "invalid request" in reply.json()["error"]
    reply = client.post("/api/tables", content=b"x" * 70_000, headers={"content-type": "application/json"})
    assert reply.status_code == 413
    assert client.get("/api/tables/nope/view").status_code == 404


def test_a_seat_sees_its_hand_and_nobody_elses(client: TestClient) -> None:
    data = new_table(client)
    ana, ben = (s["token"] for s in data["seats"])
    table = data["table"]
    mine = view(client, table, ana)
    assert mine["seat"] == 0 and mine["view"]["players"][0]["hand"] is not None
    assert mine["view"]["players"][1]["hand"] is None and mine["legal"]
    hand = set(mine["view"]["players"][0]["hand"])
    for entry in mine["legal"]:  # each legal action is a typed prompt on the cards of the seat's hand
        assert set(entry) == {"notation", "label", "kind", "kind_label", "parts", "cost", "gain"}
        assert entry["label"] != entry["notation"] and entry["kind"] in ("meld", "discard")
        assert entry["parts"][0]["type"] == "card" and entry["parts"][0]["id"] in hand
    theirs = view(client, table, ben)
    assert theirs["view"]["players"][0]["hand"] is None and theirs["legal"] == []
    public = view(client, table)
    assert all(p["hand"] is None for p in public["view"]["players"]) and public["seat"] is None
    assert client.get(f"/api/tables/{table}/view", params={"token": "guess"}).status_code == 403


def test_actions_carry_their_move_number(client: TestClient) -> None:
    data = new_table(client)
    table, ana = data["table"], data["seats"][0]["token"]
    first = view(client, table, ana)
    action = first["legal"][-1]["notation"]
    reply = client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": 0, "action": action})
    assert reply.status_code == 200 and reply.json()["seq"] == 1
    again = client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": 0, "action": action})
    assert again.status_code == 409 and "stale" in again.json()["error"]
    assert view(client, table)["seq"] == 1, "a duplicate is never applied twice"


def test_illegal_actions_change_nothing(client: TestClient) -> None:
    data = new_table(client)
    table, ana, ben = data["table"], data["seats"][0]["token"], data["seats"][1]["token"]
    before = view(client, table, ana)
    for token, action, status, text in [
        (ana, "fly away", 400, "cannot read"),
        (ana, "discard 10Z", 400, "is not a card"),
        (ana, "activate 7H m9@1", 400, ""),
        (ben, before["legal"][0]["notation"], 400, "not asked to act"),
        ("guess", "discard AH", 403, "opens no seat"),
    ]:
        reply = client.post(f"/api/tables/{table}/actions", json={"token": token, "seq": 0, "action": action})
        assert reply.status_code == status, reply.text
        assert text in reply.json()["error"]
    reply = client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": 0})
    assert reply.status_code == 422
    assert view(client, table, ana) == before


def test_bots_play_their_turns(client: TestClient) -> None:
    data = new_table(client, game="pursuit", seats=[{"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "random"}])
    table, ana = data["table"], data["seats"][0]["token"]
    state = view(client, table, ana)
    for _ in range(3):  # both choose a child trait; the bot's turns come by themselves
        if state["your_turn"]:
            client.post(f"/api/tables/{table}/actions",
                        json={"token": ana, "seq": state["seq"], "action": state["legal"][0]["notation"]})
        wait_for(lambda: view(client, table, ana)["your_turn"] or view(client, table)["over"])
        state = view(client, table, ana)
    assert any("Bo " in line or line.startswith("Bo") for line in state["log"])
    live = client.app.state.tables.live[table]  # type: ignore[attr-defined]
    bot_moves = [action for action in live.actions if action.seat == 1]
    assert bot_moves, "the bot's seat acted by itself"
    assert state["your_turn"] or state["over"], "after the bot's turn, the game waits for Ana"


def test_undo_only_what_revealed_nothing(client: TestClient) -> None:
    data = new_table(client, game="pursuit", seats=[{"name": "Ana"}, {"name": "Ben"}], seed=3)
    table, ana, ben = data["table"], data["seats"][0]["token"], data["seats"][1]["token"]

    def act(token: str, action: str) -> dict:
        seq = view(client, table)["seq"]
        reply = client.post(f"/api/tables/{table}/actions", json={"token": token, "seq": seq, "action": action})
        assert reply.status_code == 200, reply.text
        return reply.json()

    trait = view(client, table, ana)["legal"][0]["notation"]
    # Ana's trait stays secret until Ben has chosen ("Setup"): she learned nothing, and may take it back.
    assert act(ana, trait)["undo"] is True
    act(ben, view(client, table, ben)["legal"][0]["notation"])  # both traits shown; another person acted
    assert view(client, table, ana)["undo"] is False
    assert act(ana, "study")["undo"] is True
    reply = client.post(f"/api/tables/{table}/undo", json={"token": ana, "seq": view(client, table)["seq"]})
    assert reply.status_code == 200 and reply.json()["seq"] == 2
    assert view(client, table, ana)["your_turn"]
    project = next(a["notation"] for a in view(client, table, ana)["legal"] if a["notation"].startswith("take-project"))
    assert act(ana, project)["undo"] is False  # a new card was drawn onto the board
    reply = client.post(f"/api/tables/{table}/undo", json={"token": ana})
    assert reply.status_code == 409 and "nothing to undo" in reply.json()["error"]
    reply = client.post(f"/api/tables/{table}/undo", json={"token": ben})
    assert reply.status_code == 409


def test_resign_and_the_tables_bot_takes_over_at_once(client: TestClient) -> None:
    data = new_table(client, replacement_bot="random")
    table, ana, owner = data["table"], data["seats"][0]["token"], data["owner_token"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={ana}") as socket:
        socket.receive_json()
        reply = client.post(f"/api/tables/{table}/seats/0/bot", json={"owner_token": owner, "bot": "random"})
        assert reply.status_code == 409 and "Ana is here" in reply.json()["error"]
    reply = client.post(f"/api/tables/{table}/seats/0/bot", json={"owner_token": owner, "bot": "random"})
    assert reply.status_code == 409 and "has been away for" in reply.json()["error"]
    reply = client.post(f"/api/tables/{table}/resign", json={"token": ana})
    assert reply.status_code == 200
    seat = reply.json()["seats"][0]
    assert seat["resigned"] and seat["kind"] == "bot" and seat["bot"] == "random" and seat["replaced"]
    assert "resigned: a random bot plays the seat" in reply.json()["note"]
    wait_for(lambda: view(client, table)["seq"] > 0)  # Ana was to move: the bot moved without anyone asking
    assert client.get(f"/api/tables/{table}/view", params={"token": ana}).status_code == 403
    reply = client.post(f"/api/tables/{table}/seats/0/bot", json={"owner_token": "wrong", "bot": "heuristic"})
    assert reply.status_code == 403
    reply = client.post(f"/api/tables/{table}/seats/0/bot", json={"owner_token": owner, "bot": "heuristic"})
    assert reply.status_code == 200 and reply.json()["seats"][0]["bot"] == "heuristic"


def test_a_seat_away_long_enough_goes_to_a_bot(tmp_path: Path, bot_pool: BotPool) -> None:
    with TestClient(make_app(str(tmp_path / "away.sqlite"), bot_pool, away_timeout=0.2)) as client:
        data = new_table(client)
        time.sleep(0.3)
        reply = client.post(f"/api/tables/{data['table']}/seats/1/bot",
                            json={"owner_token": data["owner_token"], "bot": "heuristic"})
        assert reply.status_code == 200 and reply.json()["seats"][1]["bot"] == "heuristic"


def test_a_finished_game_scores_replays_and_rematches(client: TestClient) -> None:
    data = new_table(client, seats=[{"name": "A", "kind": "bot", "bot": "random"},
                                    {"name": "B", "kind": "bot", "bot": "random"}])
    table, owner = data["table"], data["owner_token"]
    wait_for(lambda: view(client, table)["over"], timeout=60)  # nobody watches: the bots play on their own
    final = view(client, table)
    assert final["scores"] and final["ranking"] and final["breakdown"]
    record = GameRecord.from_json(client.get(f"/api/tables/{table}/record").json())
    assert record.seed == 5 and record.seed_chosen, "a chosen seed is said in the record"
    replayed = replay(get_game("pursuit-cards"), record)
    assert list(replayed.scores()) == final["scores"]
    step = client.get(f"/api/tables/{table}/replay/3").json()
    assert step["step"] == 3 and step["total"] == final["seq"] and step["action"]
    # The action that led to the step, in the game's words, from the position it was taken in.
    state = start(get_game("pursuit-cards"), record)
    third = next(state.label(action) for index, _, action in replay_steps(state, record.actions) if index == 2)
    assert step["label"] == third != step["action"]
    assert client.get(f"/api/tables/{table}/replay/0").json()["label"] is None
    assert client.get(f"/api/tables/{table}/replay/99999").status_code == 404
    assert client.post(f"/api/tables/{table}/rematch", json={"owner_token": "x"}).status_code == 403
    again = client.post(f"/api/tables/{table}/rematch", json={"owner_token": owner})
    assert again.status_code == 201
    info = client.get(f"/api/tables/{again.json()['table']}").json()
    assert info["rematch_of"] == table and not info["seed_chosen"]


def test_websocket_pushes_every_change(client: TestClient) -> None:
    data = new_table(client)
    table, ana, ben = data["table"], data["seats"][0]["token"], data["seats"][1]["token"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={ben}") as socket:
        first = socket.receive_json()
        assert first["seat"] == 1 and first["view"]["players"][0]["hand"] is None
        action = view(client, table, ana)["legal"][-1]["notation"]
        client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": 0, "action": action})
        pushed = socket.receive_json()
        while pushed["seq"] == 0:
            pushed = socket.receive_json()
        assert pushed["seq"] == 1 and pushed["your_turn"]
    with client.websocket_connect(f"/api/tables/{table}/ws") as spectator:
        assert all(p["hand"] is None for p in spectator.receive_json()["view"]["players"])


def test_pages(client: TestClient) -> None:
    data = new_table(client, game="pursuit")
    table, ana, owner = data["table"], data["seats"][0]["token"], data["owner_token"]
    assert "New table" in client.get("/").text
    page = client.get(f"/t/{table}", params={"token": ana}).text
    assert '"mode": "play"' in page and "/static/games/pursuit.js" in page
    assert client.get(f"/t/{table}/watch").status_code == 200
    assert client.get(f"/t/{table}/replay").status_code == 200
    assert client.get(f"/t/{table}", params={"token": "bad"}).status_code == 403
    owner_page = client.get(f"/t/{table}/owner", params={"key": owner}).text
    assert "Ana" in owner_page and ana not in owner_page, "a seat's link is shown once, at creation"
    assert client.get(f"/t/{table}/owner", params={"key": "bad"}).status_code == 403
    hotseat = client.get(f"/t/{table}/hotseat", params={"key": owner})
    assert hotseat.status_code == 200 and ana not in hotseat.text
    assert data["hotseat_link"].endswith(f"#tokens=0.{ana},1.{data['seats'][1]['token']}")
    links = client.get(f"/api/tables/{table}/owner", params={"key": owner}).json()
    assert "token" not in json.dumps(links["seats"])
    spec = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/actions" in spec["paths"]


def test_security_headers_and_the_api_documentation(client: TestClient) -> None:
    page = client.get("/")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer" and page.headers["x-frame-options"] == "DENY"
    docs = client.get("/docs")
    assert docs.status_code == 200 and "content-security-policy" not in docs.headers, "Swagger UI runs inline"
    assert docs.headers["referrer-policy"] == "no-referrer"


def test_a_five_player_community_table(client: TestClient) -> None:
    """The expansion through the web: 5 seats only with it; the Community pile is hidden from
    every seat and from spectators, the board and Popularity are shown."""
    people = [{"name": name} for name in ("Ana", "Ben", "Cy", "Di", "Ed")]
    reply = client.post("/api/tables", json={"game": "pursuit", "seats": people, "options": {}})
    assert reply.status_code == 422 and "Community expansion" in reply.text
    data = new_table(client, game="pursuit", seats=people, expansion="community")
    table = data["table"]
    for token in [None, data["seats"][0]["token"]]:
        seen = view(client, table, token)
        community = seen["view"]["community"]
        assert isinstance(community["pile"], int) and community["pile"] == 20
        assert community["slots"] == [None] * 5      # filled when the first Adult round begins
        assert "rng" not in seen["view"] and all("popularity_score" in p for p in seen["view"]["players"])


def test_each_game_says_where_its_actions_come_from_in_the_rulebook(client: TestClient) -> None:
    rules = client.get("/api/games/pursuit-cards/rules").json()
    assert rules["actions"]["meld"]["section"] == "Melds"
    assert client.get("/api/games/nonsense/rules").status_code == 404


def test_the_end_of_a_game_pushes_no_stale_note(client: TestClient) -> None:
    """While bots play, each push says who has played; the push that ends the game does not
    (the page shows the result, not "Bo has played")."""
    data = new_table(client, seats=[{"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "random"}],
                     replacement_bot="random")
    with client.websocket_connect(f"/api/tables/{data['table']}/ws") as socket:
        assert socket.receive_json()["type"] == "view"
        resigned = client.post(f"/api/tables/{data['table']}/resign", json={"token": data["seats"][0]["token"]})
        assert resigned.status_code == 200, resigned.text
        notes = []
        while True:
            message = socket.receive_json()
            if message["type"] != "view":
                continue
            notes.append(message["note"])
            if message["over"]:
                break
    assert any(note.endswith("has played") for note in notes[:-1]), notes[:5]
    assert notes[-1] == "", notes[-3:]
