// The seats and the felt: each seat's picture, name and badges where it sits around the felt,
// whose turn it is and the time left (a ring around the picture), and the scores. At an open table the seats wait around the
// felt and fill and empty as frames come, with the server's forms to take or leave one.
import { Taash, api, byId, el, format, game, root, secondsLeft, secondsTo, strings, table } from "./state.js";

export function seatName(number) {
  const frame = table.frame;
  const seat = frame.seats[number];
  const label = format(strings.seat, { number: number + 1 });
  if (!seat) return label;
  const bot = seat.bot && !seat.name
    ? format(strings.bot_label, { name: strings.bot_names[number % strings.bot_names.length], level: strings.bot_levels[seat.bot] || "" })
    : "";
  const who = number === frame.seat ? strings.you : seat.name || bot;
  // The name set apart (first-strong isolate, as games/labels.py does): a Latin name in an
  // Urdu line keeps its brackets the right way round.
  return who ? label + " (\u2068" + who + "\u2069)" : label;
}

// The letters of a name that stand for it: the first of its first and last words, whole
// letters as a reader sees them (a Devanagari letter with its vowel sign is one).
function initials(name) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word) => {
    if (!window.Intl || !Intl.Segmenter) return word.slice(0, 1);
    return new Intl.Segmenter().segment(word)[Symbol.iterator]().next().value.segment;
  };
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return picked.map(first).join("").toLocaleUpperCase();
}

// The seat's picture: the member's choice (accounts/profiles/avatars.py), a bot's level's own,
// else the initials on the member's colour; around it, the clock as a ring that empties
// (seats.css's stroke-dashoffset from --left) while the seat is to move; the dealer's mark.
// Drawn for the eye: the seat's name, its clock and "dealer" are said in words beside it.
function avatar(seat, moving, dealer) {
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
function leftOfTurn(seconds) {
  const total = (table.frame.view || {}).decision_seconds || Number(root.dataset.turnSeconds) || 30;
  return Math.min(1, (seconds || 0) / total);
}

function ringsSet(seconds) {
  document.querySelectorAll(".seat-avatar.timed").forEach((box) => {
    box.style.setProperty("--left", leftOfTurn(seconds));
    box.classList.toggle("short", seconds !== null && seconds <= 5);
  });
}

// An open table's seat forms (take this seat, leave it), as the server renders them.
function seatForm(seat) {
  const frame = table.frame;
  if (frame.status !== "open") return null;
  const empty = !seat.name && !seat.bot;
  const id = seat.seat === frame.seat ? "seat-leave-form" : empty ? "seat-take-form" : null;
  const template = id && byId(id);
  if (!template) return null;
  const form = template.content.firstElementChild.cloneNode(true);
  const number = form.querySelector('input[name="seat"]');
  if (number) number.value = seat.seat;
  return form;
}

// Where a seat sits around the felt, counted from the reader's own (a spectator's: seat 1's)
// at the bottom. The engines number the seats clockwise (the next number on one's left:
// CP-1 plays to the right, from seat 0 to seat 3; Pitch and rummy to the left), partners
// opposite at four; which way play passes is written under the felt.
const AROUND = {
  1: ["bottom"],
  2: ["bottom", "top"],
  3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top-left", "top-right", "right"],
  6: ["bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"],
};
export function placeOf(number) {
  const frame = table.frame;
  const players = frame.seats.length;
  const me = typeof frame.seat === "number" ? frame.seat : 0;
  return (AROUND[players] || [])[(number - me + players) % players] || "bottom";
}

// A replay shows every hand open on its seat: where the cards lie now (the hand, overs,
// unders, the card put aside), each part under its name; as dealt only before any other.
function openHand(groups) {
  const now = groups.filter((group) => group.label !== "dealt");
  return el(
    "div",
    { class: "seat-hand" },
    (now.length ? now : groups).map((group) =>
      el(
        "div",
        { class: "seat-hand-part" },
        el("span", { class: "open-hand-label", text: strings.hand_labels[group.label] || "" }),
        group.cards.map((code) => Taash.cards.chip(code)),
      ),
    ),
  );
}

export function renderSeats() {
  const list = byId("seats");
  if (!list) return;
  const frame = table.frame;
  const view = frame.view || {};
  list.replaceChildren(
    ...frame.seats.map((seat) => {
      const number = seat.seat;
      const moving = (view.to_move || []).includes(number);
      const empty = !seat.name && !seat.bot;
      const seconds = moving ? secondsLeft() : null;
      const item = el(
        "li",
        { class: "seat" + (moving ? " to-move" : "") + (number === frame.seat ? " mine" : ""), "data-seat": number, "data-place": placeOf(number) },
        empty ? null : avatar(seat, moving && seconds !== null, view.dealer === number),
        el("span", { class: "seat-name", text: seatName(number) }),
        empty ? el("span", { class: "seat-empty", text: frame.status === "open" ? strings.waiting_for_player : strings.empty }) : null,
        seatForm(seat),
      );
      if (moving) {
        item.append(el("span", { class: "badge turn-badge", text: strings.to_move }));
        // The ring shows the time left; the seconds stay in words for screen readers.
        if (seconds !== null) item.append(el("span", { class: "seat-clock visually-hidden", text: format(strings.seconds_left, { seconds }) }));
      }
      if (view.dealer === number) item.append(el("span", { class: "dealer-badge visually-hidden", text: strings.dealer }));
      if (frame.pause && seat.ready) item.append(el("span", { class: "badge ready-badge", text: strings.is_ready }));
      // A finished match shows who sat where, none of the play's states.
      if (frame.status === "playing") {
        if (seat.left) item.append(el("span", { class: "badge", text: strings.left }));
        else if (seat.stand_in) item.append(el("span", { class: "badge", text: strings.stand_in }));
        else if (seat.away) item.append(el("span", { class: "badge", text: strings.away }));
        if (game.seat && frame.view) game.seat(api, number, item);
      }
      if (frame.open_hands) item.append(openHand(frame.open_hands[number] || []));
      return item;
    }),
  );
  ringsSet(secondsLeft());
}

export function renderTurn() {
  const frame = table.frame;
  const line = byId("turn");
  if (!line || !frame.view) return;
  const bar = byId("timer");
  if (frame.view.over || frame.status === "finished") {
    line.textContent = strings.over;
    if (bar) bar.hidden = true;
    return;
  }
  if (frame.pause) {
    // The last deal's result stays up (the server's rule, on the table's row): its end.
    const left = secondsTo(frame.pause.until);
    line.textContent = format(strings.next_deal_in, { seconds: left });
    // Ready is the one thing a player has to do now.
    const mine = frame.seats[frame.seat];
    root.classList.toggle("my-turn", Boolean(mine && !mine.ready && !mine.left));
    if (bar) bar.hidden = true;
    return;
  }
  const movers = frame.view.to_move || [];
  let text = movers.includes(frame.seat)
    ? strings.your_turn
    : movers.length
      ? strings.waiting_for + ": " + movers.map(seatName).join(", ")
      : "";
  const seconds = secondsLeft();
  if (seconds !== null) text += " · " + format(strings.seconds_left, { seconds });
  line.textContent = text;
  root.classList.toggle("my-turn", movers.includes(frame.seat));
  if (bar) {
    bar.hidden = seconds === null;
    bar.style.setProperty("--left", leftOfTurn(seconds));
    bar.classList.toggle("short", seconds !== null && seconds <= 5);
  }
}

// The clock on the turn line and on the seats, each second.
export function tick() {
  renderTurn();
  const seconds = secondsLeft();
  document.querySelectorAll(".seat-clock").forEach((clock) => {
    clock.textContent = format(strings.seconds_left, { seconds: seconds || 0 });
  });
  ringsSet(seconds);
}

export function renderScores() {
  const box = byId("scores");
  const view = table.frame.view;
  if (!box || !view) return;
  const rows = [];
  if (view.teams && view.scores && view.scores.length === view.teams.length) {
    view.teams.forEach((team, index) => {
      const extra = game.teamScore ? game.teamScore(api, index) : "";
      rows.push([format(strings.team, { number: index + 1 }) + ": " + team.map(seatName).join(" · "), view.scores[index], extra]);
    });
  } else if (view.scores) {
    view.scores.forEach((score, seat) => rows.push([seatName(seat), score, ""]));
  }
  // A game without scores (Hidden Unders) shows no empty heading.
  if (!rows.length) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(
    el("h2", { text: strings.scores }),
    el(
      "table",
      { class: "score-table" },
      el("tbody", {}, rows.map(([who, score, extra]) => el("tr", {}, el("th", { scope: "row", text: who }), el("td", { text: Taash.cards.number(score) }), el("td", { text: extra })))),
    ),
  );
}
