// A seat's picture and its clock: the member's picture, a bot level's own or the initials on
// the member's colour, with the ring that empties while the seat is to move (seats.js places it).
import { el, root, table } from "./state.js";
// The letters of a name that stand for it: the first of its first and last words, whole
// letters as a reader sees them (a Devanagari letter with its vowel sign is one). Kept by name:
// each frame draws the seats again, and a segmenter made for each cost a slow phone's frame
// milliseconds (its first ~100 ms at 4x CPU throttling, bench/bench_phone.py).
const initialsOf = new Map();
function initials(name) {
  if (!initialsOf.has(name)) initialsOf.set(name, initialsMade(name));
  return initialsOf.get(name);
}

// A letter and the next below U+0300 (where combining marks, joiners and every other kind of
// character that joins the one before it start) are two letters: no segmenter is needed.
function firstLetter(word) {
  if (word.length === 1 || (word.charCodeAt(0) < 0x300 && word.charCodeAt(1) < 0x300)) return word.slice(0, 1);
  if (!window.Intl || !Intl.Segmenter) return word.slice(0, 1);
  return new Intl.Segmenter().segment(word)[Symbol.iterator]().next().value.segment;
}

function initialsMade(name) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return picked.map(firstLetter).join("").toLocaleUpperCase();
}

// The seat's picture: the member's choice (accounts/profiles/avatars.py), a bot's level's own,
// else the initials on the member's colour; around it, the clock as a ring that empties
// (seats.css's stroke-dashoffset from --left) while the seat is to move; the dealer's mark.
// Drawn for the eye: the seat's name, its clock and "dealer" are said in words beside it.
export function avatar(seat, moving, dealer) {
  const bot = seat.bot && !seat.name;
  const key = bot ? "bot-" + seat.bot : seat.avatar;
  const svg = (className, viewBox, ...children) => {
    const node = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    node.setAttribute("class", className);
    node.setAttribute("viewBox", viewBox);
    node.setAttribute("aria-hidden", "true");
    node.append(...children);
    return node;
  };
  const shape = (tag, attributes) => {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    return node;
  };
  const face = key
    ? svg("avatar-picture", "0 0 40 40", shape("use", { href: "#avatar-" + key }))
    : el("span", { class: "avatar-picture avatar-initials", text: initials(seat.name || "?") });
  const box = el("span", { class: "seat-avatar" + (moving ? " timed" : ""), "data-avatar": key || "initials", "aria-hidden": "true" }, face);
  if (!key) box.style.setProperty("--hue", seat.hue || 0);
  if (moving) box.append(svg("clock-ring", "0 0 44 44", shape("circle", { cx: 22, cy: 22, r: 20, pathLength: 100 })));
  if (dealer) box.append(el("span", { class: "dealer-mark" }));
  return box;
}

// How much of the turn is left, 0 to 1, for the ring and the bar.
export function leftOfTurn(seconds) {
  const total = (table.frame.view || {}).decision_seconds || Number(root.dataset.turnSeconds) || 30;
  return Math.min(1, (seconds || 0) / total);
}

export function ringsSet(seconds) {
  document.querySelectorAll(".seat-avatar.timed").forEach((box) => {
    box.style.setProperty("--left", leftOfTurn(seconds));
    box.classList.toggle("short", seconds !== null && seconds <= 5);
  });
}
