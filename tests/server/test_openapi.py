"""``/openapi.json`` tells the truth (issue 16, defect 7): it documents the error answers each
operation gives, ``game`` is an enum of the registry's ids, a wrong method gets 405 with
``Allow``; and schemathesis, which reads the document and sends what it allows (and what it
does not), finds no answer the document does not describe and no server error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from spieltisch.registry import GAMES
from spieltisch.server.app import create_app

OPERATIONS = {
    ("get", "/api/games"): {429},
    ("get", "/api/words"): {429},
    ("get", "/api/games/{game_id}"): {404, 422, 429},
    ("post", "/api/tables"): {400, 413, 422, 429, 503},
    ("get", "/api/tables"): {429, 503},
    ("get", "/api/tables/{table_id}"): {404, 422, 429, 503},
    ("get", "/api/tables/{table_id}/record"): {404, 409, 422, 429, 503},
    ("get", "/api/tables/{table_id}/record/{step}"): {404, 409, 422, 429, 503},
    ("get", "/api/tables/{table_id}/lines"): {404, 409, 422, 429, 503},
    ("post", "/api/tables/{table_id}/leave"): {403, 404, 413, 422, 429, 503},
    ("post", "/api/tables/{table_id}/again"): {403, 404, 409, 413, 422, 429, 503},
}


def test_every_error_answer_is_documented(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for (method, path), codes in OPERATIONS.items():
        responses = spec["paths"][path][method]["responses"]
        documented = {int(c) for c in responses if c.startswith(("4", "5"))}
        assert documented == codes, (method, path, documented)
        for code in codes:
            schema = responses[str(code)]["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/ErrorBody"}, (path, code)
    error = spec["components"]["schemas"]["ErrorBody"]
    assert error["required"] == ["error"]


def test_game_is_an_enum_of_the_registry(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    game = spec["components"]["schemas"]["NewTable"]["properties"]["game"]
    assert game["enum"] == list(GAMES)
    # a name outside it is refused with the reason the document promises
    r = client.post("/api/tables", json={"game": "go"})
    assert r.status_code == 400 and "unknown game 'go'" in r.json()["error"]


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("DELETE", "/api/tables", "GET, POST"),
        ("PUT", "/api/games", "GET"),
        ("GET", "/api/tables/abc/leave", "POST"),
        ("POST", "/api/tables/abc/record/3", "GET"),
        ("POST", "/index.html", "GET, HEAD"),
    ],
)
def test_a_wrong_method_is_405_with_allow(
    client: TestClient, method: str, path: str, allow: str
) -> None:
    r = client.request(method, path)
    assert r.status_code == 405, r.text
    assert r.headers["allow"] == allow
    assert method in r.json()["error"]


# -- schemathesis ----------------------------------------------------------------------------


def test_the_api_keeps_to_its_document(tmp_path: Path) -> None:
    """Every operation with data that fits the document and data that does not: no server
    error, and every answer (status, headers, body) as documented. schemathesis's pytest
    loader for fixtures does not run on pytest 9, so its strategies drive hypothesis here."""
    app = create_app(
        f"sqlite:///{tmp_path / 'api.db'}",
        time_scale=1000.0,  # the bots of its tables stay quiet
        requests_per_second=1e6,  # hundreds of requests from one address
        request_burst=1e6,
        tables_per_address=100_000,
    )
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    seen = set()
    for result in schema.get_all_operations():
        operation = result.ok()
        seen.add((operation.method.lower(), operation.path))
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(
                max_examples=20,
                deadline=None,
                derandomize=True,
                database=None,
                suppress_health_check=list(HealthCheck),
            )
            @given(case=operation.as_strategy(generation_mode=mode))
            def check(case: Any) -> None:
                # a table that fits the schema may still not fit its game (three players of
                # mancala, a bot of another game): the document gives those 400, not 2xx
                case.call_and_validate(excluded_checks=[positive_data_acceptance])

            try:
                check()
            except Unsatisfiable:
                # a free string in the path (a game's or a table's id) cannot be sent wrong
                assert mode == GenerationMode.NEGATIVE, operation.path
    assert seen == set(OPERATIONS)
