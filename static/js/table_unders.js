// Hidden Unders at the table: every player's overs face up and unders face down, the pile's
// top and size, the deck's count and the cards burned. The player's own hand, overs and unders
// sit together in the hand area: cards are selected (table.js) against the plays the server
// lists, and a face-down under is a button of its own for the "under" move the server lists.
const Taash = window.Taash;

function mine(api) {
  const view = api.frame.view || {};
  return api.frame.seat === null ? null : (view.seats || [])[api.frame.seat] || null;
}

// One face-down under: a button when the server lists turning it over, a card otherwise.
function underButton(api, index) {
  const action = api.legalOf("under").find((item) => item.index === index);
  const label = api.format(api.strings.under_number, { number: index + 1 });
  const card = Taash.cards.svg(null);
  card.setAttribute("aria-label", label);
  if (!action) return api.el("span", { class: "card-face under", role: "option", "aria-disabled": "true" }, card);
  return api.el(
    "button",
    { type: "button", class: "card-button legal under", "data-under": index, onclick: () => api.move(action) },
    card,
  );
}

function row(api, title, cards) {
  return api.el(
    "div",
    { class: "own-table-row", role: "group", "aria-label": title },
    api.el("span", { class: "own-table-title", text: title, "aria-hidden": "true" }),
    ...cards,
  );
}

Taash.games.unders = {
  handles: new Set(["under"]),
  prompt(api) {
    return api.legalOf("play").length ? api.strings.unders_play : "";
  },
  // One's own overs may be selected too: they are played once the hand is empty (HU-9).
  // Selected by place ("over:2"), as hand cards are ("hand:5"): two decks deal twins.
  cardAt(api, key) {
    const [where, index] = String(key).split(":");
    if (where !== "over") return undefined;
    const seat = mine(api);
    return ((seat && seat.overs) || [])[Number(index)];
  },
  hand(api, hand) {
    const seat = mine(api);
    const toggles = api.frame.legal.some((action) => Array.isArray(action.cards));
    const parts = ((api.frame.view || {}).hand || []).map((code, index) =>
      api.cardButton(code, { key: "hand:" + index, toggle: toggles }),
    );
    const table = [];
    if (seat && seat.overs && seat.overs.length) {
      table.push(row(api, api.strings.your_overs, seat.overs.map((code, index) => api.cardButton(code, { key: "over:" + index, toggle: toggles }))));
    }
    if (seat && seat.unders_left) {
      const unders = [];
      for (let index = 0; index < seat.unders_left; index += 1) unders.push(underButton(api, index));
      table.push(row(api, api.strings.your_unders, unders));
    }
    api.placeCards(hand, [...parts, ...(table.length ? [api.el("div", { class: "own-table" }, ...table)] : [])]);
    return true;
  },
  seat(api, number, item) {
    const seat = ((api.frame.view || {}).seats || [])[number];
    if (!seat) return;
    item.append(api.el("span", { class: "seat-cards", text: api.format(api.strings.cards_count, { count: seat.hand_size }) }));
    // One's own overs and unders are shown once, with the hand (see ``hand``).
    if (number === api.frame.seat) return;
    const table = api.el("span", { class: "seat-table" });
    (seat.overs || []).forEach((code) =>
      table.append(api.el("span", { class: "card-face small" }, Taash.cards.svg(code))),
    );
    for (let i = 0; i < seat.unders_left; i += 1) {
      table.append(api.el("span", { class: "card-face small under" }, Taash.cards.svg(null)));
    }
    item.append(table);
  },
  board(api) {
    const view = api.frame.view || {};
    const pile = api.byId("pile");
    if (pile) {
      const top = (view.pile && view.pile.top) || [];
      pile.replaceChildren(
        ...(top.length ? top.map((code) => api.el("span", { class: "card-face", "data-card": code }, Taash.cards.svg(code))) : [api.el("span", { class: "empty-pile" })]),
        api.el("span", { class: "count", text: api.format(api.strings.pile_count, { count: (view.pile || {}).size || 0 }) }),
      );
    }
    const deck = api.byId("deck");
    if (deck) {
      deck.replaceChildren(
        view.deck_size ? Taash.cards.svg(null) : api.el("span", { class: "empty-pile" }),
        api.el("span", { class: "count", text: api.format(api.strings.closed_deck, { count: view.deck_size || 0 }) }),
      );
    }
    const burned = api.byId("burned");
    if (burned) burned.textContent = api.format(api.strings.burned, { count: view.burned || 0 });
  },
};
