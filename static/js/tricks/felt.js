// Court Piece's and Pitch's felt, shared by both games: the trick in the middle, the last
// trick on request, trump (face down while hidden), the suit and bid buttons the server lists
// live and the others greyed, and each seat's team and count of cards.
const Taash = window.Taash;
export const SUITS = ["S", "H", "D", "C"];
// The trick's four places, as the seats sit around the felt (table.js placeOf).
const PLACES = { bottom: "south", right: "east", top: "north", left: "west" };

function suitOf(code) {
  return typeof code === "string" ? code.slice(-1) : null;
}

function teamOf(view, seat) {
  return (view.teams || []).findIndex((team) => team.includes(seat));
}

// The trick laid out around the middle, the reader's own seat nearest them; ``winner``, the
// seat that won it (a completed trick only; in Double Sar the pile may wait), is marked.
export function drawTrick(api, box, trick, winner) {
  box.replaceChildren(
    ...trick.map((play) => {
      const place = PLACES[api.placeOf(play.seat)] || "south";
      const won = play.seat === winner;
      return api.el(
        "figure",
        { class: "played " + place + (play.trump ? " trump" : "") + (won ? " won" : ""), "data-card": play.card },
        Taash.cards.svg(play.card),
        api.el("figcaption", { text: api.seatName(play.seat) }, won ? api.el("span", { class: "badge won-badge", text: api.strings.won_trick }) : null),
      );
    }),
  );
}

// The last completed trick on request (the view's ``last_trick`` and ``last_trick_winner``,
// public in both games): the button opens it in the middle, and it stays until closed
// (the button, Close, Escape) or until the trick it was opened over changes, that is, the
// next card is played.
const lastTrick = { openedOver: null };

function lastTrickParts(api) {
  const button = api.byId("last-trick-button");
  const panel = api.byId("last-trick");
  return button && panel ? { button, panel } : null;
}

function setLastTrickOpen(api, open, focus) {
  const parts = lastTrickParts(api);
  if (!parts) return;
  const view = api.frame.view || {};
  lastTrick.openedOver = open ? JSON.stringify(view.trick || []) : null;
  parts.panel.hidden = !open;
  parts.button.setAttribute("aria-expanded", String(open));
  if (open) {
    drawTrick(api, api.byId("last-trick-cards"), view.last_trick, view.last_trick_winner);
    api.byId("last-trick-winner").textContent = api.format(api.strings.trick_won_by, { seat: api.seatName(view.last_trick_winner) });
  }
  if (focus) (open ? api.byId("last-trick-close") : parts.button).focus();
}

function wireLastTrick(api) {
  const parts = lastTrickParts(api);
  if (!parts || parts.button.dataset.wired) return;
  parts.button.dataset.wired = "1";
  parts.button.addEventListener("click", () => setLastTrickOpen(api, parts.panel.hidden, true));
  api.byId("last-trick-close").addEventListener("click", () => setLastTrickOpen(api, false, true));
  parts.panel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    setLastTrickOpen(api, false, true);
  });
}

export function renderLastTrick(api) {
  const parts = lastTrickParts(api);
  if (!parts) return;
  wireLastTrick(api);
  const view = api.frame.view || {};
  const some = Boolean(view.last_trick && view.last_trick.length);
  parts.button.hidden = !some;
  const open = lastTrick.openedOver !== null;
  if (!open) return;
  if (!some || lastTrick.openedOver !== JSON.stringify(view.trick || [])) {
    // The next card is down (or the deal is dealt anew): the middle shows the play again.
    const hadFocus = parts.panel.contains(document.activeElement);
    setLastTrickOpen(api, false, false);
    if (hadFocus && some) parts.button.focus();
  } else setLastTrickOpen(api, true, false);
}

export function choiceButtons(api, container, values, type, field, label) {
  const legal = api.legalOf(type);
  if (!container) return;
  container.hidden = !legal.length;
  container.replaceChildren(
    ...values.map((value) => {
      const action = legal.find((a) => a[field] === value);
      return api.el(
        "button",
        { type: "button", class: "choice" + (action ? " legal" : ""), disabled: !action, onclick: () => action && api.move(action) },
        label(value),
      );
    }),
  );
}

export function trumpMark(api, view) {
  const box = api.byId("trump-mark");
  if (!box) return;
  const parts = [api.el("span", { class: "label", text: api.strings.trump })];
  if (view.trump) parts.push(Taash.cards.suit(view.trump));
  else if (view.face_down) {
    // Hidden trump: face down to the others, face up to the player who laid it.
    const down = view.face_down;
    const own = down.seat === api.frame.seat && down.card;
    parts.push(api.el("span", { class: "card-face small face-down-trump" + (own ? " own" : ""), id: "face-down-card" }, Taash.cards.svg(down.card)));
    parts.push(api.el("span", { class: "quiet", text: own ? api.strings.cp.your_face_down : api.format(api.strings.face_down_by, { seat: api.seatName(down.seat) }) }));
  } else parts.push(api.el("span", { class: "quiet", text: api.strings.not_yet }));
  box.replaceChildren(...parts);
}

// What both games' seats and hands show alike.
export const shared = {
  isTrump(api, code) {
    const view = api.frame.view || {};
    return Boolean(view.trump) && suitOf(code) === view.trump;
  },
  seat(api, number, item) {
    const view = api.frame.view || {};
    const team = teamOf(view, number);
    if (team >= 0) item.append(api.el("span", { class: "badge team-" + team, text: api.format(api.strings.team, { number: team + 1 }) }));
    const sizes = view.hand_sizes || [];
    if (sizes[number] !== undefined) item.append(api.el("span", { class: "seat-cards", text: api.format(api.strings.cards_count, { count: sizes[number] }) }));
  },
};
