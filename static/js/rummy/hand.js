// Rummy's hand on the page: the groups in the player's order, each labelled as the server
// judged it; a tap selects a card, a group's mark takes the selected cards, a drag moves one.
import { dragBegin, dragging, dragMoving } from "./drag.js";
import { groupLook, judgedNow, moveCards, statusShown } from "./judging.js";
import { keyOf, layout, reconcile, selected } from "./layout.js";
import { discardable, refreshed } from "./moves.js";

// A tap selects a card; the buttons then group, discard or put it aside. Only the card and
// the moves change: the hand is not drawn again (a slow phone answers the tap sooner), and the
// moves once the card's lift is painted (api.afterPaint).
export function cardClicked(api, code, key) {
  api.toggle(key, code);
  const button = api.root.querySelector(`#hand .card-button[data-key="${CSS.escape(key)}"]`);
  if (!button) {
    api.rerender();
    return true;
  }
  const chosen = api.selection.get(key) === code;
  button.classList.toggle("selected", chosen);
  button.setAttribute("aria-pressed", String(chosen));
  api.afterPaint(() => refreshed(api, true) || api.renderActions());
  return true;
}

function groupBox(api, group, index, live) {
  const look = groupLook(api, index, live);
  const box = api.el(
    "div",
    { class: "group kind-" + look.kind, role: "group", "aria-label": look.label, "data-group": index },
    // The group's mark is also where tapped cards go (tap-then-tap): a thumb's size of button
    // around the small mark (table.css).
    api.el(
      "button",
      {
        type: "button",
        class: "group-label",
        title: api.strings.move_here,
        onclick: () => api.selection.size && moveCards(api, selected(api), index),
      },
      api.el("span", { class: "group-mark", text: look.mark }),
    ),
  );
  const discarding = api.frame.legal.some((a) => a.type === "discard");
  group.forEach((code, position) => {
    const key = keyOf(index, position);
    const button = api.cardButton(code, { key, toggle: true, always: true, neutral: true, onclick: (c, k) => cardClicked(api, c, k) });
    button.classList.remove("dimmed");
    if (discarding && !discardable(api, code)) button.classList.add("dimmed");
    button.addEventListener("pointerdown", (event) => dragBegin(api, event, button, key));
    box.append(button);
  });
  return box;
}

export function drawHand(api, container) {
  reconcile(api);
  // A card being dragged keeps its button: the hand is drawn again when it lands.
  if (dragging()) return true;
  api.pruneSelection();
  const live = judgedNow();
  container.classList.add("groups");
  api.placeCards(container, [
    ...layout.groups.map((group, index) => groupBox(api, group, index, live)),
    // Only a pointer drops a card here (a reader's cards go by the groups' buttons): its words
    // are hidden from the list box of cards.
    api.el("div", { class: "group new-group", "aria-hidden": "true" }, api.strings.new_group_drop),
  ]);
  statusShown(api, live);
  return true;
}

// The server's judgement of the layout the page shows: the groups' looks and the status line
// change in place, and the two moves it changes (a valid show, the drop's cost). Drawing the
// whole hand again for them cost a slow phone ~50 ms, often in the first tap after a draw,
// whose layout is judged just then (bench/bench_phone.py). False where the hand on the page is
// another layout (then it is drawn again).
export function relabelled(api) {
  const boxes = [...api.root.querySelectorAll("#hand .group[data-group]")];
  const same = (box, index) =>
    [...box.querySelectorAll(".card-button")].map((card) => card.dataset.card).join() === layout.groups[index].join();
  if (dragMoving() || boxes.length !== layout.groups.length || !boxes.every(same)) return false;
  const live = judgedNow();
  boxes.forEach((box, index) => {
    const look = groupLook(api, index, live);
    box.className = "group kind-" + look.kind;
    box.setAttribute("aria-label", look.label);
    const mark = box.querySelector(".group-mark");
    if (mark.textContent !== look.mark) mark.textContent = look.mark;
  });
  statusShown(api, live);
  if (!refreshed(api, false)) api.rerender(false);
  return true;
}
