// Motion where the eye expects it (issue 30, point 3; STYLE.md: motion is the board's job, not
// the page's). The last move's public events say what moved: a card played from the hand or
// a seat to the trick, the trick swept to its winner, a card drawn from a pile to the hand or
// a seat, a discard to the open pile, a new hand dealt from the deck, a show's result opening.
// FLIP: where things were is measured before the frame is drawn, where they are after; a copy
// of the card flies between the two in a layer of its own over the page (position: fixed, so
// no layout box of the page changes), on transform and opacity alone, 150-300 ms. The real
// card is in its place at once and answers a tap at once; it only shows when its copy lands.
// Nothing moves under prefers-reduced-motion (checked here, and table.css hides the layer).
import { Taash, byId, table } from "./state.js";

const FLIGHT_MS = 220;
const SWEEP_MS = 280;
const DEAL_MS = 200;
const DEAL_STAGGER_MS = 25;
const DEALT = 5; // this many new cards in the hand at once are a deal, not a draw
const still = window.matchMedia("(prefers-reduced-motion: reduce)");
let shown = table.frame ? table.frame.version : null;

const rectOf = (node) => (node ? node.getBoundingClientRect() : null);
const seen = (rect) => Boolean(rect && rect.width && rect.height);

function handCards() {
  return [...document.querySelectorAll("#hand .card-button[data-card]")];
}

// Where the cards, piles and seats are before a frame is drawn.
export function measured() {
  if (still.matches) return null;
  const hand = new Map();
  for (const button of handCards()) {
    const code = button.dataset.card;
    hand.set(code, [...(hand.get(code) || []), rectOf(button)]);
  }
  const seats = new Map();
  document.querySelectorAll("#seats .seat[data-seat]").forEach((seat) => {
    seats.set(Number(seat.dataset.seat), rectOf(seat.querySelector(".seat-avatar") || seat));
  });
  const trick = [...document.querySelectorAll("#trick .played .card-svg")].map((card) => ({
    rect: rectOf(card),
    copy: card.cloneNode(true),
  }));
  const summary = byId("summary");
  return {
    hand,
    seats,
    trick,
    closed: rectOf(byId("closed-deck")),
    open: rectOf(byId("open-pile")),
    summaryEmpty: !summary || !summary.childElementCount,
  };
}

function layer() {
  let flights = document.querySelector(".flights");
  if (!flights) {
    flights = document.createElement("div");
    flights.className = "flights";
    flights.setAttribute("aria-hidden", "true");
    document.body.append(flights);
  }
  return flights;
}

// A copy of a card placed over ``at`` (a rect of the viewport) in the flights' layer.
function copyAt(node, at) {
  const box = document.createElement("div");
  box.className = "flight";
  Object.assign(box.style, { left: at.left + "px", top: at.top + "px", width: at.width + "px", height: at.height + "px" });
  box.append(node);
  layer().append(box);
  return box;
}

// The transform that puts a box of ``at`` over ``over``: its centre, its width.
function over(at, over) {
  const dx = over.left + over.width / 2 - (at.left + at.width / 2);
  const dy = over.top + over.height / 2 - (at.top + at.height / 2);
  return `translate(${dx}px, ${dy}px) scale(${Math.max(0.2, over.width / at.width)})`;
}

// A card flies from ``from`` to where ``target`` now is (a copy of ``face`` does; the real one
// shows when it lands).
function fly(face, from, target, { ms = FLIGHT_MS, delay = 0 } = {}) {
  const to = rectOf(target);
  if (!seen(from) || !seen(to)) return;
  const copy = copyAt(face, to);
  const flight = copy.animate([{ transform: over(to, from) }, { transform: "none" }], {
    duration: ms,
    delay,
    easing: "cubic-bezier(0.2, 0.7, 0.3, 1)",
    fill: "backwards",
  });
  target.animate([{ opacity: 0 }, { opacity: 0 }], { duration: ms, delay, fill: "backwards" });
  flight.finished.then(() => copy.remove(), () => copy.remove());
}

// A card leaves ``from`` for ``to`` and fades on the way (the trick to its winner).
function sweep(face, from, to, delay = 0) {
  if (!seen(from) || !seen(to)) return;
  const copy = copyAt(face, from);
  const flight = copy.animate(
    [{ transform: "none", opacity: 1 }, { transform: over(from, to), opacity: 0 }],
    { duration: SWEEP_MS, delay, easing: "ease-in", fill: "both" },
  );
  flight.finished.then(() => copy.remove(), () => copy.remove());
}

function face(code) {
  return Taash.cards ? Taash.cards.svg(code) : null;
}

// The hand's cards that were not in it before, by place (twins of two decks counted).
function newInHand(before) {
  const left = new Map([...before.hand].map(([code, rects]) => [code, rects.length]));
  return handCards().filter((button) => {
    const count = left.get(button.dataset.card) || 0;
    left.set(button.dataset.card, count - 1);
    return count <= 0;
  });
}

function dealt(before) {
  const deck = seen(before.closed) ? before.closed : rectOf(byId("board"));
  newInHand(before).forEach((button, index) => {
    const svg = button.querySelector(".card-svg");
    if (svg) fly(face(null), deck, button, { ms: DEAL_MS, delay: index * DEAL_STAGGER_MS });
  });
}

function played(before, event, mine) {
  const from = mine ? (before.hand.get(event.card) || [])[0] : before.seats.get(event.seat);
  const figure = document.querySelector(`#trick .played[data-card="${CSS.escape(event.card)}"]`);
  if (figure) fly(face(event.card), from || before.seats.get(event.seat), figure);
}

function swept(before, event) {
  // The trick stays on the felt where a game keeps it (Double Sar's waiting pile).
  if (!before.trick.length || document.querySelector("#trick .played")) return;
  const winner = before.seats.get(event.winner);
  before.trick.forEach((card, index) => sweep(card.copy, card.rect, winner, index * 20));
}

function drawn(before, event, mine) {
  const from = event.source === "open" ? before.open : before.closed;
  if (mine) {
    const arrived = newInHand(before);
    const button = arrived.find((card) => card.dataset.card === event.card) || arrived[0];
    if (button) fly(face(button.dataset.card), from, button);
    return;
  }
  const seat = document.querySelector(`#seats .seat[data-seat="${event.seat}"] .seat-avatar`);
  if (seat) fly(face(event.source === "open" ? event.card : null), from, seat);
}

function discarded(before, event, mine) {
  const from = mine ? (before.hand.get(event.card) || [])[0] : before.seats.get(event.seat);
  const pile = byId("open-pile");
  const top = pile && pile.querySelector(".card-svg");
  if (top) fly(face(event.card), from, top);
}

// A result that opens (a show judged, a deal or the match over) grows into place.
function opened(node) {
  if (!node || still.matches) return;
  node.animate([{ opacity: 0, transform: "scale(0.96)" }, { opacity: 1, transform: "none" }], {
    duration: 250,
    easing: "ease-out",
  });
}

// After the frame is drawn: what its last move moved, from where it was ``before``.
export function moved(before) {
  const frame = table.frame;
  const fresh = shown !== null && frame.version > shown;
  shown = frame.version;
  if (!before || !fresh || still.matches) return;
  if (newInHand(before).length >= DEALT) dealt(before);
  const move = frame.last_move;
  if (move && move.version === frame.version) {
    const mine = move.seat === frame.seat;
    for (const event of move.events || []) {
      if (event.type === "play" && typeof event.card === "string") played(before, event, mine);
      else if (event.type === "trick") swept(before, event);
      else if (event.type === "draw" && move.seat === event.seat) drawn(before, event, mine);
      else if (event.type === "discard" && typeof event.card === "string") discarded(before, event, mine);
    }
  }
  const summary = byId("summary");
  if (before.summaryEmpty && summary && summary.childElementCount) opened(summary);
}

// The match's result, on the page drawn when it ended.
export function resultOpened() {
  opened(byId("result"));
}
