// The flights of motion.js: a copy of a card in a layer of its own over the page (position:
// fixed, so no layout box of the page changes) moving between two rects of the viewport on
// transform and opacity alone. motion.js says what moves and when; this says how.
import { Taash } from "./state.js";

export const FLIGHT_MS = 220;
const SWEEP_MS = 280;

export const rectOf = (node) => (node ? node.getBoundingClientRect() : null);
export const seen = (rect) => Boolean(rect && rect.width && rect.height);

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
  if (node.dataset && node.dataset.card) box.dataset.card = node.dataset.card;
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

// A copy of ``face`` flies from ``from`` to ``to`` (rects); the copy is removed when it lands,
// or handed to ``landed`` to go on moving.
export function flyTo(face, from, to, { ms = FLIGHT_MS, delay = 0, landed = null } = {}) {
  if (!seen(from) || !seen(to)) return null;
  const copy = copyAt(face, to);
  const flight = copy.animate([{ transform: over(to, from) }, { transform: "none" }], {
    duration: ms,
    delay,
    easing: "cubic-bezier(0.2, 0.7, 0.3, 1)",
    fill: "backwards",
  });
  const gone = () => copy.remove();
  flight.finished.then(landed ? () => landed(copy) : gone, gone);
  return flight;
}

// A card flies from ``from`` to where ``target`` now is (a copy of ``face`` does; the real one
// shows when it lands).
export function fly(face, from, target, { ms = FLIGHT_MS, delay = 0 } = {}) {
  if (!flyTo(face, from, rectOf(target), { ms, delay })) return;
  target.animate([{ opacity: 0 }, { opacity: 0 }], { duration: ms, delay, fill: "backwards" });
}

// A copy already over ``from`` leaves for ``to`` and fades on the way (the trick to its winner).
export function sweepCopy(copy, from, to, delay = 0) {
  if (!seen(from) || !seen(to)) {
    copy.remove();
    return;
  }
  const flight = copy.animate(
    [{ transform: "none", opacity: 1 }, { transform: over(from, to), opacity: 0 }],
    { duration: SWEEP_MS, delay, easing: "ease-in", fill: "both" },
  );
  flight.finished.then(() => copy.remove(), () => copy.remove());
}

export function sweep(face, from, to, delay = 0) {
  if (seen(from) && seen(to)) sweepCopy(copyAt(face, from), from, to, delay);
}

// A card's face (a back for null), marked with its code as the cards on the page are.
export function face(code) {
  const node = Taash.cards ? Taash.cards.svg(code) : null;
  if (node && typeof code === "string") node.dataset.card = code;
  return node;
}
