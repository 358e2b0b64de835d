// Dragging a card to another group, with a finger, a pen or a mouse alike (Pointer Events: the
// card's button captures the pointer, the hand has touch-action: none). The card follows the
// pointer once it has gone DRAG_PX (less is a tap, which selects it), and lands in the group
// under the pointer, before the card it is over, or over the "+" in a new group. A selected
// card takes the other selected cards with it.
import { moveCards } from "./judging.js";
import { codeAt, placeOf, selected } from "./layout.js";

const DRAG_PX = 8;
let drag = null;
let dragEnded = 0; // when a drag last ended: the click that follows its release is no tap

// Is a card being dragged, its button still on the page? The hand is not drawn again under it.
export function dragging() {
  return Boolean(drag && drag.moving && drag.button.isConnected);
}

// Is a card on its way (its button perhaps replaced by a frame meanwhile)?
export function dragMoving() {
  return Boolean(drag && drag.moving);
}

function dropPlace(event) {
  const under = document.elementsFromPoint(event.clientX, event.clientY).find((node) => !drag.button.contains(node) && node.closest("#hand .group"));
  const box = under && under.closest("#hand .group");
  if (!box) return null;
  if (box.classList.contains("new-group")) return { box, target: null, before: null };
  const cards = [...box.querySelectorAll(".card-button")].filter((card) => card !== drag.button);
  const next = cards.find((card) => {
    const place = card.getBoundingClientRect();
    return event.clientX < place.left + place.width / 2;
  });
  return { box, target: Number(box.dataset.group), before: next ? placeOf(next.dataset.key).position : null };
}

function dragMarked(box) {
  document.querySelectorAll("#hand .drop-target").forEach((node) => node !== box && node.classList.remove("drop-target"));
  if (box) box.classList.add("drop-target");
}

export function dragBegin(api, event, button, key) {
  if (!event.isPrimary || event.button !== 0 || api.root.classList.contains("waiting")) return;
  drag = { api, button, key, code: codeAt(key), id: event.pointerId, x: event.clientX, y: event.clientY, moving: false };
  button.setPointerCapture(event.pointerId);
}

function dragMove(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moving) {
    if (Math.hypot(dx, dy) < DRAG_PX) return;
    drag.moving = true;
    drag.button.classList.add("dragging");
  }
  drag.button.style.transform = `translate(${dx}px, ${dy}px)`;
  const place = dropPlace(event);
  dragMarked(place && place.box);
}

function dragEnd(event, dropped) {
  if (!drag || event.pointerId !== drag.id) return;
  const { api, button, key, code, moving } = drag;
  const place = moving && dropped ? dropPlace(event) : null;
  drag = null;
  // A tap (no move) changed nothing to put back: its release touches no style (a tap's
  // pointerup runs before its click, inside the tap's wait for its next frame; issue 30).
  if (!moving) return;
  dragMarked(null);
  button.classList.remove("dragging");
  button.style.transform = "";
  dragEnded = event.timeStamp;
  // The layout may have changed under the drag (a new frame): the card must still be there.
  if (!place || codeAt(key) !== code) {
    api.rerender();
    return;
  }
  const keys = api.selection.has(key) ? selected(api) : [key];
  moveCards(api, keys, place.target, place.before);
}

window.addEventListener("pointermove", dragMove);
window.addEventListener("pointerup", (event) => dragEnd(event, true));
window.addEventListener("pointercancel", (event) => dragEnd(event, false));
// A mouse's release of a drag is followed by a click on the card: it is not a tap. A finger's
// drag makes no click, so the next touch forgets the drag.
window.addEventListener("pointerdown", () => (dragEnded = 0), true);
window.addEventListener(
  "click",
  (event) => {
    if (dragEnded && event.timeStamp - dragEnded < 600 && event.target.closest && event.target.closest("#hand")) {
      event.stopPropagation();
      event.preventDefault();
    }
    dragEnded = 0;
  },
  true,
);
