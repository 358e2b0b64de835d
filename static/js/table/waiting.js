// The wait for a move's answer: while a move is on its way, a tap (or Enter) on a card or a
// move does nothing (table.js ends the wait on the answer; table.css dims them meanwhile).
import { root } from "./state.js";

// Caught here, before the button's own handler, rather than by pointer-events on each card,
// which restyled every card on each play.
export function guardWaiting() {
  root.addEventListener(
    "click",
    (event) => {
      if (!root.classList.contains("waiting") || !event.target.closest(".card-button, .actions button")) return;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
}
