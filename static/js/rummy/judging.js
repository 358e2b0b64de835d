// The server's judgement of the layout ({"type": "arrange"}: never a move): each group's kind
// and label, the status line (RM-28), which card put aside leaves a valid show, and what a
// drop costs now. The page asks for it a moment after the layout settles.
import { keep, keyOf, layout, placeOf, reconcile } from "./layout.js";

export const server = {
  judged: null, // the server's answer for the layout it judged last
  asked: "", // the layout last asked about
  // The layout and the frame's version the judgement held was asked for: the socket's first
  // frame (the version the page was served with) and its opening both ask, and a second answer
  // redrew the moves for nothing in a slow phone's first second (issue 30).
  judgedFor: "",
  askedFor: "",
  retriedAt: null, // the frame version of the last layout asked again after a refusal
};
let timer = null;

function ask(api, message) {
  window.clearTimeout(timer);
  timer = window.setTimeout(() => api.send(message), 120);
}

export function judge(api, again = false) {
  if (api.frame.seat === null || !api.frame.view || !(api.frame.view.hand || []).length) return;
  server.asked = JSON.stringify(layout.groups);
  server.askedFor = server.asked + "@" + api.frame.version;
  if (!again && server.askedFor === server.judgedFor) {
    window.clearTimeout(timer); // a question about a layout since left goes unasked
    return;
  }
  ask(api, { type: "arrange", groups: layout.groups });
}

function changed(api) {
  keep(api);
  layout.groups = layout.groups.filter((group) => group.length);
  judge(api);
  api.rerender();
}

// Cards moved by place (``keys``) to group ``target`` (null: a new group at the end), put
// before the card at ``before`` in it (by default after its last card).
export function moveCards(api, keys, target, before = null) {
  const groups = layout.groups;
  const places = keys.map(placeOf).filter(({ group, position }) => (groups[group] || [])[position] !== undefined);
  const cards = places.map(({ group, position }) => groups[group][position]);
  const gone = new Set(places.map(({ group, position }) => keyOf(group, position)));
  // The place to insert at counts only the cards that stay in the target group.
  const at = before === null ? null : (groups[target] || []).slice(0, before).filter((_code, p) => !gone.has(keyOf(target, p))).length;
  layout.groups = groups.map((group, g) => group.filter((_code, p) => !gone.has(keyOf(g, p))));
  if (target === null || target >= layout.groups.length) layout.groups.push(cards);
  else layout.groups[target].splice(at === null ? layout.groups[target].length : at, 0, ...cards);
  api.selection.clear();
  changed(api);
}

// Is the layout on the page the one the server judged last?
export function judgedNow() {
  return JSON.stringify(layout.groups) === (server.judged && JSON.stringify(server.judged.groups));
}

// How group ``index`` shows: as the server judged it, or pending while it judges.
export function groupLook(api, index, live) {
  const judged = server.judged;
  if (!live) return { kind: "pending", label: api.strings.group, mark: "…" };
  return { kind: judged.kinds[index], label: judged.labels[index], mark: judged.labels[index] };
}

// The status line (games.words.layout.layout_status): its text around the first life's mark,
// drawn in CSS (table.css, .life-mark) with its words for a screen reader. Left as it is when
// unchanged: a line written again is laid out again, in the middle of a tap.
export function statusShown(api, live) {
  const status = api.byId("arrange-status");
  if (!status) return;
  const line = live ? server.judged.status : null;
  const shown = line ? JSON.stringify(line) : "";
  if (status.dataset.shown === shown) return;
  status.dataset.shown = shown;
  if (!line) {
    status.replaceChildren();
    return;
  }
  const mark = api.el(
    "span",
    { class: "life-mark " + (line.met ? "met" : "missing") },
    api.el("span", { class: "visually-hidden", text: line.mark }),
  );
  status.replaceChildren(line.before, mark, line.after);
}

// The server's answer, kept if it is for the layout the page has (or the Sort button's own,
// which is laid out as given); false for an answer to a layout changed since.
export function answered(api, message) {
  if (message.sorted) {
    layout.groups = message.groups;
    api.selection.clear();
    keep(api);
    // Counted on the page, so that a reader (or a test) can tell the Sort button's answer
    // has been laid out, whatever the layout it gave.
    api.root.dataset.sorted = String(Number(api.root.dataset.sorted || 0) + 1);
  } else if (JSON.stringify(message.groups) !== server.asked) {
    return false;
  }
  server.judged = message;
  server.judgedFor = message.sorted ? "" : server.askedFor;
  return true;
}

// The layout and the hand crossed on the way (a move landed meanwhile): lay the hand out as
// the latest frame shows it and ask once more; a newer frame asks again anyway. Without this,
// a page waiting for its player would keep a stale answer (the drop's old cost).
export function askedAgain(api) {
  if (server.retriedAt === api.frame.version) return;
  server.retriedAt = api.frame.version;
  reconcile(api);
  judge(api, true);
}
