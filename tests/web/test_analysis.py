"""The search at a web table: the analysis of a finished game's decisions (the replay page)
and hints during play where the table's owner allows them."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import new_table, view, wait_for

from vita.core import GameRecord


def _table_with_hints(client: TestClient, hints: bool) -> dict[str, Any]:
    body = {"game": "pursuit-cards", "seats": [{"name": "Ana"}, {"name": "Ben"}], "seed": 5, "hints": hints}
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    data: dict[str, Any] = reply.json()
    return data


def test_a_hint_only_where_the_owner_allows_it_and_only_for_the_seat_to_move(client: TestClient) -> None:
    plain = _table_with_hints(client, False)
    token = plain["seats"][0]["token"]
    refused = client.post(f"/api/tables/{plain['table']}/hint", json={"token": token, "seq": 0})
    assert refused.status_code == 403 and "did not allow hints" in refused.json()["error"]

    data = _table_with_hints(client, True)
    table, (ana, ben) = data["table"], [s["token"] for s in data["seats"]]
    assert client.get(f"/api/tables/{table}").json()["hints"] is True
    mine = view(client, table, ana)
    assert mine["seat"] == 0 and mine["legal"], "seat 0 is to move first"
    reply = client.post(f"/api/tables/{table}/hint", json={"token": ana, "seq": 0})
    assert reply.status_code == 200, reply.text
    hint = reply.json()["hint"]
    assert hint["best"] in {a["notation"] for a in mine["legal"]}
    assert 0.0 <= hint["outlook"] <= 1.0 and -1.0 <= hint["best_value"] <= 1.0
    assert "before" not in hint and "after" not in hint, "a hint shows its player's own outlook only"
    # In the game's words: the search's choice and the options it searched, as the seat's own labels.
    words = {a["notation"]: a["label"] for a in mine["legal"]}
    named = reply.json()["labels"]
    assert set(named) == {hint["best"], *(o["action"] for o in hint["options"])}
    assert all(named[notation] == words[notation] for notation in named)
    assert client.post(f"/api/tables/{table}/hint", json={"token": ana, "seq": 0}).json() == reply.json()
    for token, seq, status, words in [(ben, 0, 409, "not your turn"), (ana, 3, 409, "moved on"),
                                      ("x" * 30, 0, 403, "opens no seat")]:
        wrong = client.post(f"/api/tables/{table}/hint", json={"token": token, "seq": seq})
        assert wrong.status_code == status and words in wrong.json()["error"], wrong.text
    assert view(client, table, ana)["seq"] == 0, "asking for hints changed nothing"


@pytest.mark.slow
def test_a_finished_games_decisions_are_analysed_and_not_before(client: TestClient) -> None:
    live = new_table(client)
    early = client.get(f"/api/tables/{live['table']}/analysis/0")
    assert early.status_code == 409 and "once it is over" in early.json()["error"]

    data = new_table(client, seats=[{"name": "A", "kind": "bot", "bot": "random"},
                                    {"name": "B", "kind": "bot", "bot": "random"}])
    table = data["table"]
    wait_for(lambda: view(client, table)["over"], timeout=60)
    record = GameRecord.from_json(client.get(f"/api/tables/{table}/record").json())
    total = len(record.actions)
    studied = 0
    for step in (0, 1, total // 2, total - 1):
        reply = client.get(f"/api/tables/{table}/analysis/{step}")
        assert reply.status_code == 200, reply.text
        found = reply.json()
        seat, played = record.actions[step]
        assert (found["step"], found["total"], found["seat"], found["played"]) == (step, total, seat, played)
        assert played in found["labels"] and found["labels"][played] and found["labels"][played] != played
        study = found["study"]
        if study is None:
            continue
        studied += 1
        assert study["played"] == played and study["options"]
        assert len(study["before"]) == 2 and all(0.0 <= c <= 1.0 for c in study["before"])
        assert study["best"] == study["options"][0]["action"]
    assert studied, "some of these decisions had a choice"
    assert client.get(f"/api/tables/{table}/analysis/{total}").status_code == 404
