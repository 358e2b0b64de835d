// Pitch at the table (its felt is shared with Court Piece: felt.js): the auction's bid
// buttons, the pitcher's bid, each seat's bid, and after each hand who took High, Low, Jack
// and Game.
import { choiceButtons, drawTrick, renderLastTrick, shared, trumpMark } from "./felt.js";

// The variant's auction, lowest call first, as the engine lists it (GameRules.bid_ladder).
const BIDS = JSON.parse(document.getElementById("table-rules").textContent).bids;

export const pitch = {
  ...shared,
  handles: new Set(["bid"]),
  board(api) {
    const view = api.frame.view || {};
    const trick = api.byId("trick");
    if (trick) drawTrick(api, trick, view.trick || []);
    renderLastTrick(api);
    trumpMark(api, view);
    choiceButtons(api, api.byId("bid-choice"), BIDS, "bid", "bid", (bid) => api.strings.words[bid] || String(bid));
    const bid = api.byId("bid-line");
    if (bid) {
      bid.textContent = view.pitcher === null || view.pitcher === undefined
        ? ""
        : api.format(api.strings.pitcher_bid, { seat: api.seatName(view.pitcher), bid: api.strings.words[view.bid] || view.bid });
    }
  },
  seat(api, number, item) {
    shared.seat(api, number, item);
    const bids = (api.frame.view || {}).bids || [];
    if (bids[number] !== null && bids[number] !== undefined) {
      item.append(api.el("span", { class: "badge", text: api.strings.bid + ": " + (api.strings.words[bids[number]] || bids[number]) }));
    }
  },
  teamScore(api) {
    const target = ((api.frame.view || {}).options || {}).target;
    return target ? api.format(api.strings.of_target, { target }) : "";
  },
  // After each hand: who took High, Low, Jack and Game, and what each team scored.
  summary(api) {
    const box = api.byId("summary");
    const last = (api.frame.view || {}).last_hand;
    if (!box) return;
    if (!last) return box.replaceChildren();
    const team = (index) => (index === null || index === undefined ? "—" : api.format(api.strings.team, { number: index + 1 }));
    const rows = ["high", "low", "jack", "game"].map((key) =>
      api.el("tr", {}, api.el("th", { scope: "row", text: api.strings.points_names[key] }), api.el("td", { text: team(last[key]) })),
    );
    box.replaceChildren(
      api.el("h2", { text: api.format(api.strings.hand_summary, { number: last.hand }) }),
      api.el("p", { text: api.format(api.strings.pitcher_bid, { seat: api.seatName(last.pitcher), bid: api.strings.words[last.bid] || last.bid }) + " · " + (last.made ? api.strings.made : api.strings.set_back) }),
      api.el("table", { class: "score-table hand-summary" }, api.el("tbody", {}, rows,
        api.el("tr", {}, api.el("th", { scope: "row", text: api.strings.scored }), api.el("td", { text: last.scored.map((points, index) => team(index) + ": " + points).join(" · ") })))),
    );
  },
};
