"""`cadenza serve`: the web app in which people play every game in the browser.

app.py (the app: routes, error handlers, lifespan), endpoints.py (the endpoints),
sockets.py with gamesocket.py and tablesocket.py (the two WebSockets' message
tables), hub.py (the rooms and their AI turns) with connections.py, charts.py and
queuenews.py, rooms.py and tables.py (the two kinds of session) with sessions.py,
levels.py and hints.py (what they share), commits.py (how a change lands),
storage.py and store.py (the storage, SQLite), ai.py and searches.py (the search
pool and its queue), thinking.py (what a seat sees of a search), gamefile.py
(download and upload), views.py (what one seat receives), svg.py (board drawing),
guard.py (who may use the server), expiry.py (idle rooms and tables removed),
static/ (the page). docs/architecture.md says the same at more length.
"""
