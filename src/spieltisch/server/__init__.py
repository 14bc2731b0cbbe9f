"""The game server: lobby, seats with secret tokens, websockets, referee timers, persistence.

``spieltisch.server.app.create_app(db_url)`` builds the ASGI app; ``spieltisch serve`` runs it
on uvicorn. The pieces:

- ``store``: the database (SQLAlchemy; SQLite by default, PostgreSQL by URL): tables, seats
  (token hashes only) and every accepted action, committed before it is acknowledged.
- ``host``: one ``TableHost`` per live table: the state, the record, one lock that orders
  actions by arrival, the bots' reaction timers, the referee's window timer, the grace for
  words and the turn timers; the ``Hub`` of all tables writes actions in group commits.
- ``app``: the FastAPI app: the lobby's JSON API, one websocket per seat, the limits on sizes
  and rates, and tokens kept out of the logs.
"""
