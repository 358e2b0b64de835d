// The seats and the felt: each seat's picture, name and badges where it sits around the felt,
// whose turn it is and the time left (a ring around the picture), and the scores. At an open table the seats wait around the
// felt and fill and empty as frames come, with the server's forms to take or leave one.
import { Taash, api, byId, el, format, game, root, secondsLeft, secondsTo, strings, table } from "./state.js";
import { avatar, leftOfTurn, ringsSet } from "./avatar.js";

// A seat's number and who sits in it ("" for nobody): "Seat 2" and "Bilal Khan".
function seatParts(number) {
  const frame = table.frame;
  const seat = frame.seats[number];
  const label = format(strings.seat, { number: number + 1 });
  if (!seat) return [label, ""];
  const bot = seat.bot && !seat.name
    ? format(strings.bot_label, { name: strings.bot_names[number % strings.bot_names.length], level: strings.bot_levels[seat.bot] || "" })
    : "";
  // A bot account's seat (a program plays it through the bot API) says it is a bot.
  const named = seat.bot === "account" && seat.name ? format(strings.bot_account_label, { name: seat.name }) : seat.name;
  return [label, number === frame.seat ? strings.you : named || bot];
}

export function seatName(number) {
  const [label, who] = seatParts(number);
  // The name set apart (first-strong isolate, as games/labels.py does): a Latin name in an
  // Urdu line keeps its brackets the right way round.
  return who ? label + " (\u2068" + who + "\u2069)" : label;
}

// The page a bot's seat links to, as the result's names do (issue 32): a house bot's level's
// (/bots/<level>/), a bot account's player page. None for a person's seat or a stand-in's (the
// member's), nor at the offline table, whose page gives no addresses to link to.
function seatPage(seat) {
  if (!seat || !seat.bot) return null;
  const account = seat.bot === "account";
  // A house bot's seat has no name: a level beside a name is a stand-in in a member's seat.
  if (account ? !seat.name : seat.name) return null;
  const page = account ? root.dataset.playerPage : root.dataset.botPage;
  return page ? page + encodeURIComponent(account ? seat.name : seat.bot) + "/" : null;
}

// The seat's name on its badge: the same words as seatName, but while a match is on only who
// sits there shows (table_screen.css hides the number and the brackets from the eye, not from
// a screen reader): on a 360 px phone "Seat 3 (" would leave no room for the name itself. A
// bot's name is a link to its page, read out whole ("Seat 3 (Kabir, medium bot)").
function nameOnBadge(number) {
  const [label, who] = seatParts(number);
  if (!who) return el("span", { class: "seat-name", text: label });
  const page = seatPage(table.frame.seats[number]);
  return el(
    page ? "a" : "span",
    { class: "seat-name", href: page },
    el("span", { class: "seat-number", text: label + " (" }),
    "\u2068" + who + "\u2069",
    el("span", { class: "seat-number", text: ")" }),
  );
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
        nameOnBadge(number),
        empty ? el("span", { class: "seat-empty", text: frame.status === "open" ? strings.waiting_for_player : strings.empty }) : null,
        seatForm(seat),
      );
      // The badges (whose turn, the team, the cards left, the game's own) in one box of their
      // own: a line under the name on a phone, so that they never squeeze the name away.
      const badges = el("span", { class: "seat-badges" });
      if (moving) {
        badges.append(el("span", { class: "badge turn-badge", text: strings.to_move }));
        // The ring shows the time left; the seconds stay in words for screen readers.
        if (seconds !== null) item.append(el("span", { class: "seat-clock visually-hidden", text: format(strings.seconds_left, { seconds }) }));
      }
      if (view.dealer === number) item.append(el("span", { class: "dealer-badge visually-hidden", text: strings.dealer }));
      if (frame.pause && seat.ready) badges.append(el("span", { class: "badge ready-badge", text: strings.is_ready }));
      // A finished match shows who sat where, none of the play's states.
      if (frame.status === "playing") {
        if (seat.left) badges.append(el("span", { class: "badge", text: strings.left }));
        else if (seat.stand_in) badges.append(el("span", { class: "badge", text: strings.stand_in }));
        else if (seat.away) badges.append(el("span", { class: "badge", text: strings.away }));
        if (game.seat && frame.view) game.seat(api, number, badges);
      }
      if (badges.childElementCount) item.append(badges);
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
