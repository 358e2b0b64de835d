"""Tournament pages: the lists per game, a tournament's live page, the form, the entrants' and
organisers' buttons. Imports ``tournaments``' services and selectors and Django; never
Channels (``games.live.pages`` pushes the page; ``page`` only renders it)."""
