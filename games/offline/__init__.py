"""The offline table: a match against bots played in the browser, with no server. Pyodide
runs this package, the engine and ``games.words`` in a Web Worker (static/js/offline_worker.js,
packed by ``games.offline.build``); the table page draws the frames it returns exactly as it
draws a socket's.

- ``table``: one match, its seat's frames (the shape of ``games.live.frames.StateFrame``), the
  player's moves, the bots' moves, and the record the browser keeps in IndexedDB.
- ``browser``: what the worker calls, JSON text in and out, one table at a time.
- ``translation``: the few names of ``django.utils.translation`` that ``games.words`` uses,
  read from the site's own compiled catalogues; packed in place of Django, so the words of the
  moves have one source.
- ``build``: packs the above into ``build/offline/engine.zip`` for the browser (``./dev`` runs
  it); it stays on the server, left out of the archive.

May import: ``games.engine``, ``games.words``, ``games.frames`` (the frames the live tables
send, from the same builder), and of Django only its translation, as ``games.words`` does (in
the browser, ``translation`` stands in for it). Nothing that reads or writes the database.
"""
