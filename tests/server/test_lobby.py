"""The lobby's JSON API: games, tables, seats and tokens, and every error a client can cause."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from spieltisch.registry import GAMES, game_class


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def error(client: TestClient, method: str, url: str, status: int, **kw: Any) -> str:
    r = client.request(method, url, **kw)
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) <= {"error", "details"} and isinstance(body["error"], str)
    assert "Traceback" not in r.text
    return body["error"]


def test_games_list_their_options_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(GAMES)
    mancala = games["mancala"]
    assert mancala["min_players"] == mancala["max_players"] == 2
    rounds = next(o for o in mancala["options"] if o["name"] == "rounds")
    declared = next(o for o in game_class("mancala").OPTIONS if o.name == "rounds")
    assert rounds == {**declared.to_json(), "min": 1, "max": 99}  # bounds for the form
    pits = next(o for o in mancala["options"] if o["name"] == "pits")
    assert (pits["min"], pits["max"]) == (2, 12)
    assert "alphabeta" in mancala["bots"] and "random" in mancala["bots"]
    assert mancala["strongest_bot"] == "solver"
    assert games["kalah"]["options"][0] == {
        **game_class("kalah").OPTIONS[0].to_json(),
        "default": "kalah",
        "min": None,
        "max": None,
    }
    # file options (own card or deck files) are not offered over the network
    assert "cards" not in {o["name"] for o in games["bohnanza"]["options"]}
    assert "deck" not in {o["name"] for o in games["bibermania"]["options"]}
    assert client.get("/api/games/bohnanza").json()["bots"] == [
        "ismcts",
        "notrade",
        "random",
        "trader",
    ]


def test_openapi_documents_the_api(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path in (
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/record",
    ):
        assert path in spec["paths"]
    assert "NewTable" in spec["components"]["schemas"]


def test_create_a_table_with_invites_and_list_it(client: TestClient, db_url: str) -> None:
    table = create(
        client, game="bohnanza", seats=["human", "trader", "human"], options={"classic": True}
    )
    assert table["status"] == "playing" and table["players"] == 3
    assert table["options"]["classic"] is True
    humans = [s for s in table["seats"] if s["kind"] == "human"]
    assert [s["seat"] for s in humans] == [0, 2]
    seat = table["seats"][1]
    assert {k: seat[k] for k in ("seat", "kind", "bot", "connected", "name")} == {
        "seat": 1,
        "kind": "bot",
        "bot": "trader",
        "connected": 0,
        "name": None,  # a bot has no name of its own (the page calls it by its seat)
    }
    tokens = [s["token"] for s in humans]
    assert len(set(tokens)) == 2 and all(len(t) >= 43 for t in tokens)
    for s in humans:
        assert s["invite"].endswith(f"/tables/{table['id']}?token={s['token']}")
        assert s["websocket"].startswith("ws://") and s["token"] in s["websocket"]
    assert table["spectate"].endswith(f"/ws/tables/{table['id']}")
    # tokens appear in the answer to the creator only: not in lists, views or the database
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table["id"]]
    one = client.get(f"/api/tables/{table['id']}")
    assert one.status_code == 200
    assert one.json()["view"]["hand"] is None and "seed" not in one.text
    for text in (client.get("/api/tables").text, one.text):
        assert not any(t in text for t in tokens)
    path = db_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as conn:
        dump = "\n".join(conn.iterdump())
    assert not any(t in dump for t in tokens)


def test_default_seats_are_you_against_the_strongest_bot(client: TestClient) -> None:
    table = create(client, game="mancala")
    assert [(s["kind"], s["bot"]) for s in table["seats"]] == [
        ("human", None),
        ("bot", "solver"),
    ]
    table = create(client, game="bibermania", players=3)
    assert [s["bot"] for s in table["seats"]] == [None, "heuristic", "heuristic"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "schach"}, 400, "unknown game 'schach'"),
        ({"game": "mancala", "options": {"colour": "red"}}, 400, "unknown option 'colour'"),
        (
            {"game": "mancala", "options": {"rounds": "many"}},
            400,
            "option 'rounds' takes a whole number",
        ),
        ({"game": "mancala", "options": {"rounds": 0}}, 400, "must be at least 1"),
        (
            {"game": "bohnanza", "seats": ["human"] * 3, "options": {"cards": "/etc/passwd"}},
            400,
            "file",
        ),
        (
            {"game": "bibermania", "seats": ["human"] * 2, "options": {"deck": "../x.toml"}},
            400,
            "file",
        ),
        (
            {"game": "mutterboehnchen", "seats": ["human"] * 3, "options": {"cards": "/x.toml"}},
            400,
            "file",
        ),
        (
            {"game": "mancala", "seats": ["human", "human", "human"]},
            400,
            "played by 2 players, not 3",
        ),
        ({"game": "bohnanza", "seats": ["human"]}, 400, "3 to 5 players, not 1"),
        ({"game": "mancala", "players": 3}, 400, "played by 2 players"),
        ({"game": "mancala", "players": 2, "seats": ["human"]}, 400, "players is 2 but 1 seats"),
        ({"game": "mancala", "seats": ["human", "deepblue"]}, 400, "no bot 'deepblue' for mancala"),
        ({"game": "mancala", "seats": ["human", "alphabeta:time=999"]}, 400, "without arguments"),
        ({"game": "mancala", "takeover": "nobody"}, 400, "no bot 'nobody'"),
        ({"game": "mancala", "seed": 7}, 422, "seed"),
        ({"seats": ["human"]}, 422, "game"),
        ({"game": "mancala", "players": "two"}, 422, "players"),
        ({"game": "mancala", "seats": ["human"] * 17}, 422, "seats"),
        ({"game": "mancala", "options": {"rounds": [1, 2]}}, 422, "options"),
        ({"game": "x" * 65}, 422, "game"),
    ],
)
def test_create_refuses_bad_tables(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    message = error(client, "POST", "/api/tables", status, json=body)
    assert words in message
    assert client.get("/api/tables").json() == []


def test_free_text_options_that_name_no_file_are_taken(client: TestClient) -> None:
    # Mau-Mau's dealer is a seat number or "lot": text, but no file on the server's disk
    r = client.post(
        "/api/tables", json={"game": "maumau", "seats": ["human"] * 3, "options": {"dealer": "1"}}
    )
    assert r.status_code == 201, r.text
    assert r.json()["options"]["dealer"] == "1"


def test_unknown_things_and_malformed_requests(client: TestClient) -> None:
    assert "no game 'go'" in error(client, "GET", "/api/games/go", 404)
    for url in ("/api/tables/nope", "/api/tables/nope/record"):
        assert "no table 'nope'" in error(client, "GET", url, 404)
    assert "no table" in error(client, "POST", "/api/tables/nope/leave", 404, json={"token": "x"})
    error(client, "GET", "/api/nothing", 404)
    error(client, "DELETE", "/api/tables", 405)
    message = error(
        client,
        "POST",
        "/api/tables",
        422,
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert message.startswith("invalid request")
    error(client, "POST", "/api/tables", 422, json=["mancala"])


def test_request_size_is_limited(client: TestClient) -> None:
    big = {"game": "mancala", "options": {"x": "y" * 70_000}}
    assert "larger than" in error(client, "POST", "/api/tables", 413, json=big)

    def chunks():  # no content-length: the limit counts what arrives
        for _ in range(80):
            yield b"x" * 1024

    assert "larger than" in error(
        client,
        "POST",
        "/api/tables",
        413,
        content=chunks(),
        headers={"content-type": "application/json"},
    )


def test_no_stack_trace_reaches_a_client(serve, monkeypatch: pytest.MonkeyPatch) -> None:
    import spieltisch.server.app as server_app

    def boom(game_id: str) -> dict[str, Any]:
        raise RuntimeError("secret internals at /srv/spieltisch")

    monkeypatch.setattr(server_app, "game_json", boom)
    with serve() as client:
        client_quiet = TestClient(client.app, raise_server_exceptions=False)
        with client_quiet:
            r = client_quiet.get("/api/games")
    assert r.status_code == 500
    assert r.json() == {"error": "internal server error"}


def test_records_of_games_in_play_stay_secret(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "human"])
    assert "not over" in error(client, "GET", f"/api/tables/{table['id']}/record", 409)


def test_leave_a_seat_without_and_with_a_takeover_bot(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "human"])
    tid, t0, t1 = table["id"], table["seats"][0]["token"], table["seats"][1]["token"]
    assert "opens no seat" in error(
        client, "POST", f"/api/tables/{tid}/leave", 403, json={"token": "guess"}
    )
    error(client, "POST", f"/api/tables/{tid}/leave", 422, json={})
    r = client.post(f"/api/tables/{tid}/leave", json={"token": t0})
    assert r.status_code == 200, r.text
    assert r.json() == {
        "seat": 0,
        "now": {
            "seat": 0,
            "kind": "empty",
            "bot": None,
            "name": None,
            "connected": 0,
            "thinking": False,
        },
    }
    # the token is spent: it opens nothing any more
    error(client, "POST", f"/api/tables/{tid}/leave", 403, json={"token": t0})
    with client.websocket_connect(f"/ws/tables/{tid}?token={t0}") as ws:
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert [s["kind"] for s in seats] == ["empty", "human"]
    assert client.post(f"/api/tables/{tid}/leave", json={"token": t1}).status_code == 200

    table = create(client, game="mancala", seats=["human", "human"], takeover="random")
    tid, token = table["id"], table["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["type"] == "update"
        r = client.post(f"/api/tables/{tid}/leave", json={"token": token})
        now = r.json()["now"]
        assert {k: now[k] for k in ("seat", "kind", "bot", "name", "connected")} == {
            "seat": 1,
            "kind": "bot",
            "bot": "random",
            "name": None,  # the person's name went with them
            "connected": 0,
        }
        message = ws.receive_json()
        assert message["type"] == "left" and message["seat"] == 1
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["bot"] == "random"
