// The table page: opens the table's socket and draws each frame it receives: seats, whose turn
// and the time left, the hand as SVG cards, the moves the server lists as buttons, scores and
// the last 30 moves. No game rule lives here: the server sends this seat's view and the moves
// it may make, and the page sends back the one the player picks. Each game's own parts are in
// table_<game>.js; the page's own parts, by concern, in table/: state (what they share),
// socket (the socket and its reconnects), seats (seats and felt), hand, moves (moves and
// actions), notify (sounds and notifications), motion (cards moving), sheet (what is not the play, over the felt). An ES module: no build step.
import { Taash, afterPaint, api, byId, el, format, game, root, selectedCards, selection, strings, table, toggle } from "./table/state.js";
import { listen, send, start } from "./table/socket.js";
import { placeOf, renderScores, renderSeats, renderTurn, seatName, tick } from "./table/seats.js";
import { cardButton, keepingFocus, listenToKeys, pruneSelection, renderHand } from "./table/hand.js";
import { placeCards } from "./table/placing.js";
import {
  actionButton, addLastMove, cardActions, confirmFirst, describe, guardLeaving, legalOf, move, renderActions,
} from "./table/moves.js";
import { sheetControls } from "./table/sheet.js";
import { announceTurn, keepAwake, matchStarted, renderAfterMatch, renderEliminated, showNotice } from "./table/notify.js";
import { renderTold } from "./table/told.js";
import { measured, moved, resultOpened } from "./table/motion.js";
import { guardWaiting } from "./table/waiting.js";

function render() {
  const before = measured();
  keepingFocus(draw);
  moved(before);
  announceTurn();
}

function draw() {
  // The match shows once drawn from its frame (table_screen.css): no jump as the script lays
  // out what the server drew. Set first, in the same task as the drawing (nothing is painted
  // in between), so that a part that fails to draw cannot hide the table.
  root.classList.add("drawn");
  // The hand first, while the layout is as measuring left it: a focused card that leaves passes
  // the focus on, which lays the page out (cheaply while nothing else has changed yet).
  renderHand();
  root.classList.toggle("waiting", table.waiting);
  root.classList.toggle("paused", Boolean(table.frame.pause));
  renderSeats();
  renderTurn();
  if (game.board) game.board(api);
  renderActions();
  renderScores();
  if (game.summary) game.summary(api);
  addLastMove();
  renderAfterMatch();
  renderEliminated();
  renderTold();
  keepAwake();
}

function waited() {
  table.waiting = false;
  table.sentAt = null;
}

function receive(message) {
  if (Taash.chat && Taash.chat.receive(api, message)) return; // table_chat.js
  if (message.type === "state") {
    if (message.revision < table.frame.revision) return;
    // The revision changes with everything a frame shows: the socket's first frame, of the
    // revision the page was served with, would draw the same table again (a whole redraw in
    // the page's first second on a slow phone).
    const same = message.revision === table.frame.revision && message.status === table.frame.status;
    const before = table.drawn;
    const gap = message.version > table.frame.version + 1;
    table.frame = message;
    api.frame = message;
    // Only the answer to the move on its way ends the wait: a frame past the version it was
    // sent at. Another seat's change meanwhile is drawn, the hand still held.
    if (table.sentAt === null || message.version > table.sentAt) waited();
    // The match has started: the page holds its parts already, and shows them now.
    if (before === "open" && message.status === "playing") {
      table.drawn = message.status;
      matchStarted();
    }
    // A match that ends, or a table left empty, changes the page: the server draws the new one.
    else if (before !== message.status) return window.location.reload();
    showNotice("");
    if (!same) render();
    else root.classList.toggle("waiting", table.waiting); // the same table (sync's answer)
    if (game.state) game.state(api);
    // Moves were missed (a dropped connection, a lost broadcast): ask for the whole table.
    if (gap) send({ type: "sync" });
  } else if (message.type === "pong") {
    if (message.revision > table.frame.revision) send({ type: "sync" });
  } else if (message.type === "error") {
    // A game's own refusal answers no move (a rummy layout that crossed a move on its way):
    // the wait goes on.
    if (game.error && game.error(api, message)) return;
    // A refusal (a stale version, an illegal move) answers the move: nothing changed.
    waited();
    root.classList.remove("waiting");
    showNotice(message.message);
    keepingFocus(renderActions);
  } else if (game.message) {
    game.message(api, message);
  }
}

// The invite link's Copy button (the field stays, selectable, where the clipboard is refused).
function offerCopy() {
  const copy = byId("invite-copy");
  if (!copy || !navigator.clipboard) return;
  copy.hidden = false;
  copy.addEventListener("click", () => {
    navigator.clipboard.writeText(byId("invite-link").value).then(() => {
      copy.textContent = copy.dataset.copied;
    }, () => byId("invite-link").select());
  });
}

if (root) {
  Object.assign(api, {
    frame: table.frame, strings, root, selection, el, byId, format, seatName, describe, move, send,
    legalOf, cardActions, placeOf, cardButton, actionButton, render, renderActions, showNotice,
    toggle, selectedCards, pruneSelection, confirmFirst, placeCards, afterPaint,
    // The hand and the moves drawn again (the moves alone where ``hand`` is false).
    rerender: (hand = true) => keepingFocus(() => { if (hand) renderHand(); renderActions(); }),
  });
  listenToKeys();
  sheetControls();
  offerCopy();
  guardLeaving();
  guardWaiting();
  listen(receive);
  window.setInterval(tick, 1000);
  render();
  resultOpened();
  start();
}
