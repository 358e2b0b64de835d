// The table's sheet: while a match is on, what is not the play itself (the table's facts,
// the deal's hash and its check, sound, the rules, scores, the last moves, the chat) waits
// behind the bar's Table button and opens over the felt; its ×, the button again or Escape
// close it, and the focus goes back where it was.
import { byId } from "./state.js";

export function sheetControls() {
  const button = byId("sheet-button");
  const sheet = byId("table-sheet");
  const close = byId("sheet-close");
  if (!button || !sheet) return;
  const shown = () => sheet.classList.contains("open");
  const show = (open) => {
    sheet.classList.toggle("open", open);
    button.setAttribute("aria-expanded", String(open));
    if (open && close) close.focus();
    else if (!open && sheet.contains(document.activeElement)) button.focus();
  };
  button.addEventListener("click", () => show(!shown()));
  if (close) close.addEventListener("click", () => show(false));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shown()) show(false);
  });
}
