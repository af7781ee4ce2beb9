"""`cadenza serve`: the web app in which people play every game in the browser.

app.py (routes), rooms.py (one game room), store.py (SQLite), ai.py (the search
pool), searches.py (the server-wide queue of searches, their progress and cancel),
thinking.py (what a seat sees of a search), gamefile.py (download and upload),
views.py (what one seat receives), svg.py (board drawing), guard.py (who may use
the server), expiry.py (idle rooms removed), static/ (the page).
"""
