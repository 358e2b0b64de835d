// Rummy's moves and board: the closed deck and the open pile, the wild joker, each seat's
// count of cards, the move buttons (sort, group, discard, declare with the card put aside,
// drop with what it costs now) and the last deal's hands.
import { moveCards, server } from "./judging.js";
import { codeAt, keyOf, layout, selected } from "./layout.js";

const Taash = window.Taash;

export function discardable(api, code) {
  return api.legalOf("discard").find((action) => action.card === code);
}

function arrangeButtons(api, chosen) {
  if (api.frame.seat === null || !(api.frame.view.hand || []).length) return [];
  return [
    api.el("button", { type: "button", class: "secondary", id: "sort-button", onclick: () => api.send({ type: "arrange", sort: true }), text: api.strings.sort }),
    api.el("button", { type: "button", class: "secondary", id: "group-button", disabled: !chosen.length, onclick: () => moveCards(api, chosen, null), text: api.strings.group_selected }),
  ];
}

function discardButton(api, oneKey, one) {
  const action = one && discardable(api, one);
  const discard = () => {
    if (!action) return;
    layout.leaving = { key: oneKey, code: one };
    api.selection.clear();
    api.move(action);
  };
  return api.el("button", { type: "button", class: "action action-discard", disabled: !action, onclick: discard }, api.strings.actions.discard, action ? api.describe({ type: "", card: one }, {}) : "");
}

function declareButton(api, oneKey, one) {
  const judged = server.judged;
  // The card put aside leaves the layout by its place: its twin, if any, stays grouped.
  const groups = layout.groups.map((group, g) => group.filter((_code, p) => keyOf(g, p) !== oneKey)).filter((g) => g.length);
  const declare = { type: "declare", discard: one, groups };
  // The server judged this layout: is the selected card one whose putting aside leaves a valid
  // show (valid_asides)? Anything else asks first, naming a wrong show's cost.
  const live = judged && JSON.stringify(layout.groups) === JSON.stringify(judged.groups);
  const valid = live && oneKey !== null && (judged.valid_asides || []).some(([g, p]) => keyOf(g, p) === oneKey);
  const cost = (judged && judged.wrong_show_cost) || 0;
  const onclick = () => {
    if (!one) return;
    if (valid) api.move(declare);
    else api.confirmFirst(api.format(api.strings.confirm_wrong_show, { points: cost }), api.strings.declare_anyway, () => api.move(declare));
  };
  const label = !one ? api.strings.declare_aside : valid ? api.strings.declare_valid : api.strings.declare_wrong;
  return api.el("button", { type: "button", class: "action action-declare " + (valid ? "valid-show" : "secondary wrong-show"), disabled: !one, title: api.strings.declare_hint, onclick }, label);
}

function dropButton(api, drop) {
  const cost = server.judged && server.judged.drop_cost;
  const label = cost ? api.format(api.strings.drop_cost, { points: cost }) : api.strings.actions.drop;
  const onclick = () => (cost ? api.confirmFirst(api.format(api.strings.confirm_drop, { points: cost }), api.strings.drop_now, () => api.move(drop)) : api.move(drop));
  return api.el("button", { type: "button", class: "action action-drop secondary", onclick }, label);
}

// The buttons rummy adds to the moves, by what they change with: the selected cards, the
// server's judgement of the layout. Each is made afresh (its handler holds what it sends).
function made(api) {
  const chosen = selected(api);
  const oneKey = chosen.length === 1 ? chosen[0] : null;
  const one = oneKey === null ? null : codeAt(oneKey);
  const drop = api.legalOf("drop")[0];
  return {
    arrange: arrangeButtons(api, chosen),
    discard: api.legalOf("discard").length ? discardButton(api, oneKey, one) : null,
    declare: api.legalOf("declare").length ? declareButton(api, oneKey, one) : null,
    drop: drop ? dropButton(api, drop) : null,
  };
}

export function actions(api, buttons) {
  const { arrange, discard, declare, drop } = made(api);
  buttons.push(...arrange, ...[discard, declare, drop].filter(Boolean));
}

// Only the moves' buttons that change with a tap (``selection``) or with the server's judgement
// (else), each put in its old one's place: the whole row of moves made again cost a slow phone's
// tap ~10 ms of script and the new row's layout (issue 30). False where a button is not on the
// page (the moves are then drawn again whole).
export function refreshed(api, selection) {
  const box = api.byId("actions");
  const fresh = made(api);
  const group = fresh.arrange.find((button) => button.id === "group-button");
  const wanted = selection
    ? [["#group-button", group], [".action-discard", fresh.discard], [".action-declare", fresh.declare]]
    : [[".action-declare", fresh.declare], [".action-drop", fresh.drop]];
  const pairs = wanted.filter(([, button]) => button).map(([where, button]) => [box && box.querySelector(where), button]);
  if (pairs.some(([old]) => !old)) return false;
  pairs.forEach(([old, button]) => {
    const focused = document.activeElement === old;
    old.replaceWith(button);
    if (focused) button.focus();
  });
  return true;
}

export function board(api) {
  const view = api.frame.view || {};
  const closed = api.byId("closed-deck");
  const open = api.byId("open-pile");
  if (!closed || !open) return;
  const fromClosed = api.legalOf("draw").find((a) => a.source === "closed");
  const fromOpen = api.legalOf("draw").find((a) => a.source === "open");
  closed.disabled = !fromClosed;
  closed.onclick = () => fromClosed && api.move(fromClosed);
  closed.replaceChildren(
    // What a tap does, said first; the words seen follow it in the button's name.
    api.el("span", { class: "visually-hidden", text: closed.dataset.label + ": " }),
    Taash.cards.svg(null),
    api.el("span", { class: "count", text: api.format(api.strings.closed_deck, { count: view.closed_count }) }),
  );
  // The open pile is offered only when the server lists it (never a joker on top, RM-7).
  open.disabled = !fromOpen;
  open.onclick = () => fromOpen && api.move(fromOpen);
  open.replaceChildren(
    api.el("span", { class: "visually-hidden", text: open.dataset.label + ": " }),
    view.open_top ? Taash.cards.svg(view.open_top) : api.el("span", { class: "empty-pile" }),
    api.el("span", { class: "count", text: api.format(api.strings.open_pile, { count: view.open_count }) }),
  );
  const wild = api.byId("wild-card");
  if (wild) {
    wild.replaceChildren(view.wild_card ? Taash.cards.svg(view.wild_card) : "", api.el("span", { class: "count", text: api.strings.wild_joker }));
  }
}

export function seat(api, number, item) {
  const shown = ((api.frame.view || {}).seats || [])[number];
  if (!shown) return;
  item.append(api.el("span", { class: "seat-cards", text: api.format(api.strings.cards_count, { count: shown.cards }) }));
  if (shown.status !== "playing") item.append(api.el("span", { class: "badge", text: api.strings.statuses[shown.status] || shown.status }));
}

function faces(api, codes) {
  return codes.map((code) => api.el("span", { class: "card-face", "data-card": code }, Taash.cards.svg(code)));
}

// Every hand of the deal just over, open: its groups as the server judged them.
function shownHand(api, shown) {
  const heading = api.seatName(shown.seat) + " · " + (api.strings.outcomes[shown.outcome] || shown.outcome) + " · " + api.format(api.strings.points, { points: shown.points });
  return api.el(
    "div",
    { class: "shown-hand", "data-seat": shown.seat },
    api.el("h3", { text: heading }),
    api.el(
      "div",
      { class: "groups" },
      shown.groups.map((group, index) =>
        api.el("div", { class: "group kind-" + shown.kinds[index] }, api.el("span", { class: "group-label", text: api.strings.kinds[shown.kinds[index]] || "" }), faces(api, group)),
      ),
      shown.ungrouped.length ? api.el("div", { class: "group kind-invalid" }, api.el("span", { class: "group-label", text: api.strings.ungrouped }), faces(api, shown.ungrouped)) : null,
    ),
  );
}

export function summary(api) {
  const box = api.byId("summary");
  const view = api.frame.view || {};
  if (!box) return;
  if (!view.last_deal) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(api.el("h2", { text: api.strings.last_deal }), ...view.last_deal.map((shown) => shownHand(api, shown)));
}
