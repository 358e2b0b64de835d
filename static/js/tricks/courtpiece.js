// Court Piece at the table (its felt is shared with Pitch: felt.js): the moves other than
// playing a card, each a button that says what it does, the call of trump, the house
// features, each team's tricks and the last deal's outcome.
import { SUITS, choiceButtons, drawTrick, renderLastTrick, shared, trumpMark } from "./felt.js";

const Taash = window.Taash;

// Court Piece's moves other than playing a card, each a button that says what it does: pass
// to partner or the luck card, the house features (change cards, change trump), and in
// Hidden trump the void player's "show trump" and the caller's reveal on lead. A hidden
// trump is laid, or changed, by choosing the card in the hand.
const CP_BUTTONS = ["ask_trump", "reveal", "pass", "luck", "keep_cards", "change_cards", "keep_trump"];
const HOUSE = new Set(["change_cards", "change_trump"]);

function partnerName(api) {
  const view = api.frame.view || {};
  const team = (view.teams || []).find((seats) => seats.includes(api.frame.seat)) || [];
  const partner = team.find((seat) => seat !== api.frame.seat);
  return partner === undefined ? "" : api.seatName(partner);
}

function courtPieceButton(api, action) {
  const cp = api.strings.cp;
  const label = action.type === "pass" ? api.format(cp.pass, { seat: partnerName(api) }) : cp[action.type];
  const button = api.el("button", { type: "button", class: "action action-" + action.type, onclick: () => api.move(action) });
  if (HOUSE.has(action.type)) button.append(api.el("span", { class: "badge house", text: cp.house_feature }), " ");
  button.append(label);
  return button;
}

function suitLabel(api, suit) {
  return [Taash.cards.suit(suit), " " + api.strings.suits[suit]];
}

export const courtPiece = {
  ...shared,
  handles: new Set(["call", "change_trump", ...CP_BUTTONS]),
  prompt(api) {
    const cp = api.strings.cp;
    const changes = api.legalOf("change_trump");
    if (changes.some((action) => action.card)) return cp.prompt_change_hidden;
    if (changes.length) return cp.prompt_change_suit;
    if (api.legalOf("keep_trump").length) return cp.prompt_keep_trump;
    if (api.legalOf("ask_trump").length) return cp.prompt_ask_trump;
    if (api.legalOf("reveal").length) return cp.prompt_reveal;
    return "";
  },
  actions(api, buttons) {
    for (const type of CP_BUTTONS) {
      for (const action of api.legalOf(type)) buttons.push(courtPieceButton(api, action));
    }
  },
  board(api) {
    const view = api.frame.view || {};
    const trick = api.byId("trick");
    if (trick) drawTrick(api, trick, view.trick && view.trick.length ? view.trick : []);
    renderLastTrick(api);
    trumpMark(api, view);
    choiceButtons(api, api.byId("suit-choice"), SUITS, "call", "suit", (suit) => suitLabel(api, suit));
    // House feature: change trump to another suit held (an open game), before the first card.
    const change = api.byId("change-trump-choice");
    if (change) {
      const bySuit = api.legalOf("change_trump").filter((action) => action.suit);
      choiceButtons(api, change, SUITS.filter((suit) => suit !== view.trump), "change_trump", "suit", (suit) => suitLabel(api, suit));
      change.hidden = !bySuit.length;
      if (bySuit.length) change.prepend(api.el("span", { class: "badge house", text: api.strings.cp.house_feature }), api.el("span", { class: "choice-title", text: api.strings.cp.change_trump_to }));
    }
    const tricks = api.byId("tricks");
    if (tricks && view.tricks) {
      // A team's count is one piece (table_screen.css): a narrow line breaks between teams.
      tricks.replaceChildren(
        ...view.tricks.flatMap((count, team) => [
          ...(team ? [" · "] : []),
          api.el("span", { text: api.format(api.strings.team_tricks, { number: team + 1, tricks: count }) }),
        ]),
      );
    }
  },
  teamScore(api, index) {
    const view = api.frame.view || {};
    return view.target ? api.format(api.strings.of_target, { target: view.target }) : "";
  },
  summary(api) {
    const box = api.byId("summary");
    const last = (api.frame.view || {}).last_deal;
    if (!box) return;
    box.replaceChildren(
      ...(last
        ? [
            api.el("h2", { text: api.strings.last_deal }),
            api.el("p", { class: "announce kind-" + last.kind, text: api.format(api.strings.deal_outcome, { team: last.team + 1, outcome: api.strings.outcomes[last.kind] || last.kind, points: last.points }) }),
            api.el("p", { text: (last.tricks || []).map((count, team) => api.format(api.strings.team_tricks, { number: team + 1, tricks: count })).join(" · ") }),
          ]
        : []),
    );
  },
};
