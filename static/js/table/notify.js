// Sounds and notifications: the notice line, each change of turn said once (a screen reader
// hears it) and cued when the page is out of sight (table_cue.js), the match starting while
// the page waited at the open table, a rematch asked for, and a Pool player out of the game.
import { Taash, byId, el, format, root, secondsTo, strings, table } from "./state.js";
import { seatName } from "./seats.js";

export function showNotice(text) {
  const notice = byId("notice");
  if (notice) notice.textContent = text;
}

// Each change of turn is said once (the turn line itself counts the seconds); the member's
// own turn is cued when the page is out of sight.
let toldTurn = "";
export function announceTurn() {
  const frame = table.frame;
  const line = byId("turn-announce");
  const view = frame.view || {};
  const movers = frame.status === "playing" && !frame.pause ? view.to_move || [] : [];
  const told = JSON.stringify([frame.status, movers, Boolean(frame.pause)]);
  if (told === toldTurn) return;
  toldTurn = told;
  const mine = movers.includes(frame.seat);
  let text = "";
  if (frame.pause) text = format(strings.next_deal_in, { seconds: secondsTo(frame.pause.until) });
  else if (mine) text = strings.your_turn;
  else if (movers.length) text = movers.map((seat) => format(strings.turn_of, { seat: seatName(seat) })).join(", ");
  if (line) line.textContent = text;
  if (mine && Taash.cue) Taash.cue.yourTurn();
}

// The match began while this page waited at the open table: its parts show, the seat forms
// go, and the member hears and sees the cue (table_cue.js).
export function matchStarted() {
  const waitingRoom = byId("open-table");
  if (waitingRoom) waitingRoom.remove();
  // The table becomes the whole screen (table_screen.css).
  document.body.classList.add("playing");
  document.querySelectorAll(".match-part").forEach((part) => {
    part.hidden = false;
  });
  const status = byId("table-status");
  if (status) status.textContent = strings.table_statuses[table.frame.status] || "";
  if (Taash.cue) Taash.cue.matchStarted();
}

// The screen stays awake during the player's own match (Screen Wake Lock, where the browser
// has it; issue 30, point 4): asked for while the match is on and the page in sight (the
// browser lets it go when the page is hidden), let go when the match is over or they left.
let awake = null; // the lock held
let asking = false;
export function keepAwake() {
  const frame = table.frame;
  const mine = frame.seats[frame.seat];
  const wanted = frame.status === "playing" && mine && !mine.left && !(frame.view || {}).over;
  if (!("wakeLock" in navigator)) return;
  if (!wanted) {
    if (awake) awake.release().catch(() => {});
    awake = null;
    return;
  }
  if (awake || asking || document.hidden) return;
  asking = true;
  navigator.wakeLock.request("screen").then((lock) => {
    asking = false;
    awake = lock;
    lock.addEventListener("release", () => {
      if (awake === lock) awake = null;
    });
  }, () => {
    asking = false; // refused (power saving, a frame): the screen sleeps as usual
  });
}
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && table.frame) keepAwake();
});

// A player asked for a rematch of this finished match: the button joins it now.
export function renderAfterMatch() {
  const again = byId("play-again");
  if (again && table.frame.rematch) again.textContent = strings.join_rematch;
}

// A player out of a Pool game (RM-24) has nothing left to play: they are told so, and
// may watch on or go; leaving the match (a bot for their seat) means nothing for them.
let watchingOn = false; // the eliminated player chose to watch: not told again
export function renderEliminated() {
  const frame = table.frame;
  const mine = ((frame.view || {}).seats || [])[frame.seat];
  const out = frame.status === "playing" && mine && mine.status === "out" && !frame.legal.length;
  const leave = byId("leave-form");
  if (leave) leave.hidden = out || frame.status !== "playing";
  const handArea = document.querySelector(".hand-area");
  // An open table's hand waits hidden with the match's other parts (matchStarted).
  if (handArea) handArea.hidden = Boolean(out) || frame.status === "open";
  let box = byId("eliminated");
  if (!out) {
    if (box) box.remove();
    return;
  }
  if (box || watchingOn) return;
  box = el(
    "div",
    { class: "eliminated", id: "eliminated", role: "status" },
    el("p", { text: strings.eliminated }),
    el("button", { type: "button", class: "secondary", onclick: () => { watchingOn = true; box.remove(); }, text: strings.watch_on }),
    " ",
    el("a", { class: "button", href: root.dataset.lobby, text: strings.to_lobby }),
  );
  const status = document.querySelector(".status-bar");
  if (status) status.after(box);
}
