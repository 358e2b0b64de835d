// What the table tells this reader of things done to it from outside the match (a moderator's
// removal or end, a ban, a daily deal replaced): each frame's ``told`` lines, in the reader's
// language as the server wrote them, set as text. A reader taken off the match loses their
// hand, their moves and the players' chat at once, without a reload.
import { byId, el, table } from "./state.js";

const PUT_OFF = new Set(["removed", "banned"]);

export function renderTold() {
  const box = byId("told");
  const lines = table.frame.told || [];
  if (!box) return;
  if (box.childElementCount !== lines.length) {
    box.replaceChildren(
      ...lines.map((line) =>
        el("li", { class: "told-line" + (line.mine ? " mine" : ""), "data-kind": line.kind, text: line.text }),
      ),
    );
  }
  box.hidden = lines.length === 0;
  if (lines.some((line) => line.mine && PUT_OFF.has(line.kind))) putOff();
}

// Taken off the match: the hand, the moves, leaving and the players' chat go.
function putOff() {
  for (const selector of [".hand-area", "#leave-form", "#chat-form", ".chat-phrases"]) {
    const part = document.querySelector(selector);
    if (part) part.remove();
  }
}
