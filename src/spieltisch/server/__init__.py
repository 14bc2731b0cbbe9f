"""The game server: lobby, seats with secret tokens, websockets, referee timers, persistence.

``spieltisch.server.app.create_app(db_url)`` builds the ASGI app; ``spieltisch serve`` runs it
on uvicorn. The pieces:

- ``store``: the database (SQLAlchemy; SQLite by default, any URL SQLAlchemy knows): tables,
  seats (token hashes only) and every accepted action, committed before it is acknowledged.
- ``host``: one ``TableHost`` per live table: the state, the record, one lock that orders
  actions by arrival, the bots' reaction timers and the referee's window timer.
- ``app``: the FastAPI app: the lobby's JSON API and one websocket per seat.
"""
