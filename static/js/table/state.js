// What every part of the table page shares: the page's root and words, the frame now shown,
// the game's own parts (table_<game>.js), the cards picked for a move, and the two helpers
// every drawing uses. No game rule lives in any part: the server sends this seat's view and
// the moves it may make, and the page sends back the one the player picks.

export const root = document.getElementById("table");
export const Taash = window.Taash || { games: {} };
export const byId = (id) => document.getElementById(id);
export const strings = root ? JSON.parse(byId("table-strings").textContent) : {};
export const game = (root && Taash.games[root.dataset.game]) || {};
export const format = Taash.cards ? Taash.cards.format : null;

// The cards picked for a move of several cards, by place (a key such as "hand:3") and card
// code: with two decks a hand may hold twins, which only their places tell apart.
export const selection = new Map();

export function selectedCards() {
  return [...selection.values()];
}

export function toggle(key, code) {
  if (selection.get(key) === code) selection.delete(key);
  else selection.set(key, code);
}

const served = root ? JSON.parse(byId("table-frame").textContent) : null;

export const table = {
  frame: served,
  // The status the page's HTML was drawn for. The frame inside the page is read a moment after
  // the table the HTML shows, so it may already be a status further on (a match that ended in
  // between): a frame of any other status than the drawn one redraws the page.
  drawn: root ? root.dataset.status || served.status : null,
  waiting: false, // a move is on its way: no second one until the table answers
  // The version the move on its way was sent at: only a frame past it answers it, not one
  // another seat's change sends meanwhile (issue 29). null: any frame answers (Ready, whose
  // answer may keep the version, or a move whose socket closed before its answer came).
  sentAt: null,
};

// What the game scripts (table_<game>.js), the chat and a transport are handed: the page's
// helpers and the frame now shown (api.frame), filled in by table.js.
export const api = {};

export function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.flat().filter((child) => child !== null && child !== undefined));
  return node;
}

export function secondsTo(iso) {
  return Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 1000));
}

export function secondsLeft() {
  if (!table.frame.deadline) return null;
  return secondsTo(table.frame.deadline);
}

// Work a tap changes besides what it shows at once (the moves a card lifted makes live), run
// once the tap's own change has been painted: done in the tap's handler, the new buttons' layout
// ran before the next frame, ~12 ms of a rummy tap's ~25 ms of work at 4x CPU throttling
// (issue 30: a tap's next frame within 100 ms). A hidden page draws no frame: the timer runs it.
const later = [];
let timer = null;

function runLater() {
  window.clearTimeout(timer);
  timer = null;
  later.splice(0).forEach((work) => work());
}

export function afterPaint(work) {
  later.push(work);
  if (timer !== null) return;
  timer = window.setTimeout(runLater, 100);
  requestAnimationFrame(() => window.setTimeout(runLater));
}
