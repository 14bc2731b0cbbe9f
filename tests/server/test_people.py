"""People at a table: display names, the table's chat, who is online or thinking, and "play
again" with the same seats. Names and chat are kept in the database (a restart keeps them),
every bad value is refused with a reason and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.core import Record
from spieltisch.registry import record_game
from spieltisch.server.host import CHAT_LIMIT, NAME_LIMIT


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def seat_ws(client: TestClient, table: dict[str, Any], seat: int | None) -> Any:
    url = f"/ws/tables/{table['id']}"
    if seat is not None:
        url += f"?token={table['seats'][seat]['token']}"
    return client.websocket_connect(url)


def until(ws: Any, kind: str, test: Any = lambda m: True) -> dict[str, Any]:
    """The next message of type ``kind`` that passes ``test`` (others are read past)."""
    for _ in range(500):
        m = ws.receive_json()
        if m["type"] == kind and test(m):
            return m
    raise AssertionError(f"no {kind} message came")


BAD_TEXT = [
    None,
    1,
    2.5,
    True,
    [],
    ["Ada"],
    {"name": "Ada"},
    "",
    "   ",
    "x" * (NAME_LIMIT + 1),
    "Ada\x00",
    "Ada\u202egnal",  # a right-to-left override: shows another name than it is
    "Ada\u200b",
]


def test_a_person_names_their_seat_and_everyone_sees_it(serve) -> None:
    with serve(time_scale=1000.0) as client:  # bots frozen: only names change
        table = create(client, game="mancala", seats=["human", "human"])
        with seat_ws(client, table, 0) as me, seat_ws(client, table, None) as watcher:
            until(me, "update")
            until(watcher, "update")
            me.send_json({"name": "  Ada   Lovelace "})
            seats = until(watcher, "update", lambda m: m["seats"][0]["name"])["seats"]
            assert seats[0]["name"] == "Ada Lovelace"  # spaces folded, one line
            assert seats[1]["name"] is None
            assert seats[0]["connected"] == 1
            for bad in BAD_TEXT:
                me.send_json({"name": bad})
                assert until(me, "error")["error"].startswith("a name ")
            watcher.send_json({"name": "Eve"})
            assert "spectators" in until(watcher, "error")["error"]
        listed = {t["id"]: t for t in client.get("/api/tables").json()}
        assert [s["name"] for s in listed[table["id"]]["seats"]] == ["Ada Lovelace", None]
    with serve(time_scale=1000.0) as client:  # kept over a restart
        seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
        assert [s["name"] for s in seats] == ["Ada Lovelace", None]


def test_the_chat_reaches_every_client_is_kept_and_is_limited(serve) -> None:
    with serve(time_scale=1000.0, chat_per_second=0.001, chat_burst=3) as client:
        table = create(client, game="mancala", seats=["human", "human"])
        with seat_ws(client, table, 0) as a, seat_ws(client, table, 1) as b:
            until(a, "update")
            until(b, "update")
            a.send_json({"chat": "<b>hallo</b> & tschüss"})
            for ws in (a, b):
                line = until(ws, "chat")
                assert line["history"] is False
                assert [(x["seat"], x["text"]) for x in line["lines"]] == [
                    (0, "<b>hallo</b> & tschüss")  # the text as sent: the page escapes it
                ]
            for bad in [*BAD_TEXT[:9], "y" * (CHAT_LIMIT + 1), "a\x07b", "\u2066x"]:
                a.send_json({"chat": bad})
                assert until(a, "error")["error"].startswith("a chat line ")
            b.send_json({"chat": "one"})
            b.send_json({"chat": "two"})
            b.send_json({"chat": "three"})
            b.send_json({"chat": "four"})  # over the seat's burst of 3
            assert "slow down" in until(b, "error")["error"]
            host = client.app.state.hub.tables[table["id"]]
            assert [x["text"] for x in host.chat] == [
                "<b>hallo</b> & tschüss",
                "one",
                "two",
                "three",
            ]
            # never in the state a bot decides on, nor in any view
            assert "tschüss" not in str(host.state.to_json())
        with seat_ws(client, table, None) as watcher:
            until(watcher, "update")
            watcher.send_json({"chat": "hi"})
            assert "spectators" in until(watcher, "error")["error"]
    # kept over a restart, sent on connecting
    with serve(time_scale=1000.0) as client, seat_ws(client, table, None) as watcher:
        history = until(watcher, "chat")
        assert history["history"] is True
        assert [(x["seat"], x["text"]) for x in history["lines"]] == [
            (0, "<b>hallo</b> & tschüss"),
            (1, "one"),
            (1, "two"),
            (1, "three"),
        ]


def test_a_message_of_two_kinds_is_not_understood(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "human"])
    with seat_ws(client, table, 0) as ws:
        until(ws, "update")
        ws.send_json({"chat": "hi", "name": "Ada"})
        assert "send" in until(ws, "error")["error"]
        ws.send_json({"chat": "hi", "action": {"pit": 1}, "id": 1})  # an action: judged as one
        until(ws, "refused")
    assert client.app.state.hub.tables[table["id"]].chat == []


def test_seats_say_who_is_thinking(serve) -> None:
    with serve(time_scale=1000.0) as client:  # the bot's second lasts 1000 s: it stays thinking
        table = create(client, game="mancala", seats=["human", "random"])
        host = client.app.state.hub.tables[table["id"]]
        with seat_ws(client, table, 0) as me:
            update = until(me, "update")
            on_turn = min(host.state.waiting_for())
            assert [s["thinking"] for s in update["seats"]] == [on_turn == 0, on_turn == 1]
            assert [s["connected"] for s in update["seats"]] == [1, 0]
            if on_turn == 0:
                me.send_json({"action": update["legal"][0], "id": 1})
                until(me, "accepted")
                update = until(me, "update")
                on_turn = min(host.state.waiting_for())
                assert [s["thinking"] for s in update["seats"]] == [on_turn == 0, on_turn == 1]


def play_out(client: TestClient, table: dict[str, Any]) -> None:
    """Seat 0 plays its first legal action until the game ends (the bot plays fast)."""
    with seat_ws(client, table, 0) as ws:
        while True:
            m = ws.receive_json()
            if m["type"] == "update":
                if m["status"] != "playing":
                    return
                if m["legal"]:
                    ws.send_json({"action": m["legal"][0], "id": m["seq"]})


def test_play_again_seats_the_same_people_at_a_new_table(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "random"])
    token = table["seats"][0]["token"]
    again = f"/api/tables/{table['id']}/again"
    r = client.post(again, json={"token": token})
    assert r.status_code == 409  # not over yet
    with seat_ws(client, table, 0) as ws:
        until(ws, "update")
        ws.send_json({"name": "Ada"})
        until(ws, "update", lambda m: m["seats"][0]["name"] == "Ada")
    play_out(client, table)
    for body in [{"token": "nope"}, {"token": token + "x"}]:
        assert client.post(again, json=body).status_code == 403
    for body in [{}, {"token": 1}, {"token": None}, [], {"token": token, "more": 1}]:
        assert client.post(again, json=body).status_code == 422
    assert client.post(f"/api/tables/{'x' * 20}/again", json={"token": token}).status_code == 404
    with seat_ws(client, table, 0) as old:
        until(old, "update")
        r = client.post(again, json={"token": token})
        assert r.status_code == 201, r.text
        new = r.json()
        assert until(old, "again")["table"] == new["id"]
        assert until(old, "update")["next"] == new["id"]
    assert new["id"] != table["id"] and new["game"] == "mancala"
    assert new["status"] == "playing" and new["actions"] == 0
    assert [(s["kind"], s["bot"], s["name"]) for s in new["seats"]] == [
        ("human", None, "Ada"),
        ("bot", "random", None),
    ]
    assert "token" not in str(new)  # no new secret: the old token opens the new seat
    assert client.post(again, json={"token": token}).json()["id"] == new["id"]  # made once
    assert client.get(f"/api/tables/{table['id']}").json()["next"] == new["id"]
    with client.websocket_connect(f"/ws/tables/{new['id']}?token={token}") as ws:
        assert ws.receive_json()["seat"] == 0


@pytest.mark.parametrize("body", [{"chat": "x" * 20_000}, {"name": "y" * 20_000}])
def test_an_oversized_message_changes_nothing(client: TestClient, body: dict[str, str]) -> None:
    table = create(client, game="mancala", seats=["human", "human"])
    with seat_ws(client, table, 0) as ws:
        until(ws, "update")
        ws.send_json(body)
        assert "at most" in until(ws, "error")["error"]
    host = client.app.state.hub.tables[table["id"]]
    assert host.chat == [] and host.seats[0].name is None


def test_the_downloaded_record_keeps_the_chat(client: TestClient, tmp_path: Any) -> None:
    """ "a table chat (rate-limited, escaped, kept in the record, not shown to bots)": the
    record a person downloads after the end holds the chat beside the actions, and still
    replays (``Record`` reads only its own keys)."""
    table = create(client, game="mancala", seats=["human", "random"])
    with seat_ws(client, table, 0) as ws:
        until(ws, "update")
        ws.send_json({"chat": "viel Glück"})
        until(ws, "chat")
    play_out(client, table)
    data = client.get(f"/api/tables/{table['id']}/record").json()
    assert [(x["seat"], x["text"]) for x in data["chat"]] == [(0, "viel Glück")]
    assert isinstance(data["chat"][0]["at"], float)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    record = Record.load(path)
    assert record.replay(record_game(record)).is_terminal()
