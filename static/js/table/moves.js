// Moves and actions: a card's tap, the moves the server lists as buttons (a move of several
// cards once the picked cards are one of them), Ready between deals, moves and events told in
// words, the last moves, and the dialog a move that costs asks through first.
import { Taash, afterPaint, api, byId, el, format, game, root, selectedCards, selection, strings, table, toggle } from "./state.js";
import { seatName } from "./seats.js";
import { send } from "./socket.js";

const MOVES_SHOWN = 30;

export function move(action) {
  if (table.waiting) return;
  table.waiting = true;
  table.sentAt = table.frame.version;
  root.classList.add("waiting");
  send({ type: "move", action, version: table.frame.version });
}

// Ready for the next deal: like a move, nothing more is sent until the table answers (a
// frame with the seat ready, or the next deal).
function ready() {
  if (table.waiting) return;
  table.waiting = true;
  table.sentAt = null;
  root.classList.add("waiting");
  send({ type: "ready" });
}

export function legalOf(type) {
  return table.frame.legal.filter((action) => action.type === type);
}

// The cards an action names: a played or discarded card, a hidden trump, overs, a play of
// several cards of one rank.
function cardsOf(action) {
  if (Array.isArray(action.cards)) return action.cards;
  return typeof action.card === "string" ? [action.card] : [];
}

export function cardActions(code) {
  return table.frame.legal.filter((action) => cardsOf(action).includes(code));
}

function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

// A value inside an action or an event, as nodes: cards as chips (rank and suit, readable
// in a line of text), known words in the reader's language, everything else as plain text.
function valueNodes(value, key) {
  if (Array.isArray(value)) return value.flatMap((inner) => valueNodes(inner, key));
  if (value === null || value === undefined || typeof value === "boolean") return [];
  if (typeof value === "object") return [];
  if (typeof value === "string" && Taash.cards.isCard(value)) {
    return [" ", Taash.cards.chip(value)];
  }
  if (key === "suit" || key === "trump") {
    return [" ", el("span", { class: "mini-suit" }, Taash.cards.suit(value))];
  }
  if (key === "index") return [" " + (value + 1)];
  if (key === "seat" || key === "winner" || key === "pitcher") return [" " + seatName(value)];
  const text = typeof value === "string" ? strings.words[value] || value : String(value);
  return [" " + text];
}

// "Play 10♠", "Seat 2 (Asha): Discard 7♥": a type's name, then its other fields.
export function describe(item, names, withSeat) {
  const line = el("span", { class: "described" });
  if (withSeat && typeof item.seat === "number") line.append(seatName(item.seat) + ": ");
  line.append(names[item.type] || item.type);
  for (const [key, value] of Object.entries(item)) {
    if (key !== "type" && key !== "seat" && key !== "groups") line.append(...valueNodes(value, key));
  }
  return line;
}

// A click on a card: its one move goes at once; a card that is part of several-card moves
// is selected, and the move's button sends the selection once it matches a listed move.
export function cardClicked(code, key) {
  if (game.cardClicked && game.cardClicked(api, code, key)) return;
  const actions = cardActions(code);
  if (actions.length === 1 && cardsOf(actions[0]).length === 1 && !actions[0].cards) {
    move(actions[0]);
    return;
  }
  if (actions.some((action) => action.cards)) {
    picked(key, code);
    return;
  }
  if (actions.length > 1) {
    showChoice(actions);
  }
}

// A card picked for a move of several, or let go: only that card and the moves change, the
// moves once the card's lift is painted (afterPaint). The table is not drawn again, which on a
// slow phone cost the tap's next frame a whole redraw and a forced layout (issue 30: a tap's
// next frame within 100 ms).
function picked(key, code) {
  toggle(key, code);
  const button = [...root.querySelectorAll(`#hand .card-button[data-key="${CSS.escape(key)}"]`)].find(
    (card) => card.dataset.card === code,
  );
  if (!button) {
    api.render();
    return;
  }
  const chosen = selection.get(key) === code;
  button.classList.toggle("selected", chosen);
  // A list box's option says it is selected; a toolbar's toggle button, pressed (hand.js listed).
  button.setAttribute(button.getAttribute("role") === "option" ? "aria-selected" : "aria-pressed", String(chosen));
  afterPaint(renderActions);
}

function showChoice(actions) {
  const box = byId("actions");
  if (!box) return;
  box.replaceChildren(
    ...actions.map((action) => actionButton(action)),
    el("button", { type: "button", class: "secondary", onclick: renderActions, text: strings.cancel }),
  );
  box.querySelector("button").focus();
}

export function actionButton(action, label) {
  return el(
    "button",
    { type: "button", class: "action action-" + action.type, onclick: () => move(action) },
    label || describe(action, strings.actions),
  );
}

export function renderActions() {
  const box = byId("actions");
  if (!box) return;
  const frame = table.frame;
  const buttons = [];
  const mine = frame.seats[frame.seat];
  if (mine && !mine.left && (mine.stand_in || mine.away)) {
    buttons.push(el("button", { type: "button", onclick: () => send({ type: "back" }), text: strings.back }));
  }
  if (frame.pause && mine && !mine.left) {
    const button = mine.ready
      ? el("button", { type: "button", class: "secondary", disabled: true, text: strings.ready_done })
      : el("button", { type: "button", class: "action action-ready", id: "ready-button", onclick: ready, text: strings.ready });
    buttons.push(button);
  }
  const handled = game.handles || new Set();
  const severalCards = new Map();
  for (const action of frame.legal) {
    if (handled.has(action.type)) continue;
    if (Array.isArray(action.cards)) {
      if (!severalCards.has(action.type)) severalCards.set(action.type, []);
      severalCards.get(action.type).push(action);
    } else if (typeof action.card !== "string") {
      buttons.push(actionButton(action));
    }
  }
  // Moves of several cards: one button per kind, live once the selection is one of them.
  for (const [type, actions] of severalCards) {
    const chosen = actions.find((action) => sameCards(action.cards, selectedCards()));
    buttons.push(
      el(
        "button",
        {
          type: "button",
          class: "action action-" + type,
          disabled: !chosen,
          onclick: () => {
            selection.clear();
            move(chosen);
          },
        },
        chosen
          ? describe(chosen, strings.actions)
          : (strings.actions[type] || type) + " (" + format(strings.selected, { count: selection.size }) + ")",
      ),
    );
  }
  if (game.actions && frame.view) game.actions(api, buttons);
  const prompt = !frame.legal.length ? "" : (game.prompt && game.prompt(api)) || strings.prompts[frame.legal[0].type];
  box.replaceChildren(
    ...(prompt ? [el("p", { class: "prompt", text: prompt })] : []),
    ...(buttons.length ? buttons : [el("p", { class: "quiet", text: frame.legal.length ? "" : strings.no_moves })]),
  );
}

// The last move as the server tells it (frame.last_move.text), under its seat's name, listed
// and said.
export function addLastMove() {
  const list = byId("moves");
  const last = table.frame.last_move;
  if (!list || !last || list.querySelector(`[data-version="${last.version}"]`)) return;
  const line = seatName(last.seat) + ": " + last.text;
  list.prepend(el("li", { "data-version": last.version }, line));
  // Each move said in words as it comes, for a player who reads the table by ear (issue 30,
  // point 7): the list it joins waits in the sheet.
  const told = byId("move-announce");
  if (told) told.textContent = line;
  while (list.children.length > MOVES_SHOWN) list.lastElementChild.remove();
}

// A move that costs (a wrong show, a drop, leaving the match) goes only once the player
// says so in the page's dialog, which names the cost; Escape or "Keep playing" keeps it.
export function confirmFirst(text, yesLabel, then) {
  const dialog = byId("confirm-dialog");
  if (!dialog || typeof dialog.showModal !== "function") {
    if (window.confirm(text)) then();
    return;
  }
  const back = document.activeElement;
  byId("confirm-text").textContent = text;
  const yes = byId("confirm-yes");
  yes.textContent = yesLabel;
  yes.onclick = () => {
    dialog.close();
    then();
  };
  byId("confirm-no").onclick = () => dialog.close();
  dialog.addEventListener("close", () => back && back.isConnected && back.focus(), { once: true });
  dialog.showModal();
  byId("confirm-no").focus();
}

// Leaving the match asks first, in the dialog, saying what it costs.
export function guardLeaving() {
  const leaveForm = byId("leave-form");
  if (!leaveForm) return;
  leaveForm.addEventListener("submit", (event) => {
    if (leaveForm.dataset.confirmed) return;
    event.preventDefault();
    confirmFirst(leaveForm.dataset.confirm, leaveForm.dataset.confirmYes, () => {
      leaveForm.dataset.confirmed = "1";
      leaveForm.requestSubmit();
    });
  });
}
