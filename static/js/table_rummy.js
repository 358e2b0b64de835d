// Rummy at the table: the closed deck and the open pile, the hand arranged in groups by
// dragging or tapping, each group labelled and the status line (RM-28) as the server judges
// the layout ({"type": "arrange"}: never a move), the Sort button (the engine's best layout),
// discard, declare with the card chosen to put aside, and drop with what it costs now.
// Its parts are in rummy/; table.js calls it through window.Taash.games.
import { cardClicked, drawHand, relabelled } from "./rummy/hand.js";
import { answered, askedAgain, judge } from "./rummy/judging.js";
import { codeAt, forgetOld, layout, reconcile } from "./rummy/layout.js";
import { actions, board, seat, summary } from "./rummy/moves.js";

forgetOld();

window.Taash.games.rummy = {
  handles: new Set(["draw", "discard", "declare", "drop"]),

  state(api) {
    reconcile(api);
    judge(api);
  },

  cardAt(api, key) {
    return codeAt(key);
  },

  cardClicked,
  hand: drawHand,
  board,
  seat,
  actions,
  summary,

  message(api, message) {
    if (message.type !== "arrangement" || !answered(api, message)) return;
    if (message.sorted || !relabelled(api)) api.rerender();
  },

  error(api, message) {
    if (message.code === "not_your_hand") {
      askedAgain(api);
      return true;
    }
    layout.leaving = null; // a refused discard: the card stays where it was
    return false;
  },
};
