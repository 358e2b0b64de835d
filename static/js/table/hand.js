// The hand: the player's cards as SVG buttons (the ones a legal move uses lit, the others
// dimmed) in a list box for screen readers, the cards picked for a move of several, the arrow
// keys between the cards, and the keyboard focus kept on its card across redraws.
import { Taash, api, byId, el, game, selection, table } from "./state.js";
import { cardActions, cardClicked } from "./moves.js";
import { placeCards, successor } from "./placing.js";

// The card at a place: the hand's by default, a game's own places (overs, rummy groups) too.
function cardAt(key) {
  const own = game.cardAt ? game.cardAt(api, key) : undefined;
  if (own !== undefined) return own;
  const [where, index] = String(key).split(":");
  return where === "hand" ? ((table.frame.view || {}).hand || [])[Number(index)] : undefined;
}

// Selected places whose card has gone (played, discarded, the hand redealt) are let go.
export function pruneSelection() {
  for (const [key, code] of [...selection]) if (cardAt(key) !== code) selection.delete(key);
}

// A card as a button; ``options.key`` names its place (see ``selection``).
export function cardButton(code, options = {}) {
  const frame = table.frame;
  const actions = frame.legal.length ? cardActions(code) : [];
  const legal = actions.length > 0;
  const key = options.key === undefined ? code : options.key;
  const selected = selection.get(key) === code;
  const button = el(
    "button",
    {
      type: "button",
      class: [
        "card-button",
        legal ? "legal" : frame.legal.length && !options.neutral ? "dimmed" : "",
        selected ? "selected" : "",
        options.trump ? "trump" : "",
        options.extraClass || "",
      ].join(" "),
      "aria-pressed": options.toggle ? String(selected) : null,
      "aria-disabled": !legal && !options.always ? "true" : null,
      "data-card": code,
      "data-key": key,
      onclick: tapped,
    },
    Taash.cards.svg(code),
  );
  // Held on the button, not in its listener: a card kept across a redraw takes its
  // replacement's (placing.js).
  button.tap = () => (legal || options.always ? (options.onclick || cardClicked)(code, key) : null);
  return button;
}

function tapped(event) {
  event.currentTarget.tap();
}

export function renderHand() {
  const hand = byId("hand");
  const frame = table.frame;
  if (!hand || !frame.view) return;
  const codes = frame.view.hand || [];
  pruneSelection();
  if (!(game.hand && game.hand(api, hand))) {
    const toggles = frame.legal.some((action) => Array.isArray(action.cards));
    placeCards(
      hand,
      codes.map((code, index) => cardButton(code, { key: "hand:" + index, toggle: toggles, trump: game.isTrump && game.isTrump(api, code) })),
    );
  }
  listed(hand);
}

// To a screen reader the hand is a list box of its cards by name (ARIA Authoring Practices'
// listbox: "5 of spades, 3 of 13", and "selected" for a card lifted for a move of several):
// each card stays a <button> (which may take the option role), so Enter, Space and a tap
// still play or lift it. One card is in the Tab order (the lifted one, else the one a move
// uses, else the first); the arrow keys go from card to card (listenToKeys). A game's own
// places in the hand (Hidden Unders' overs and unders) are groups of options. A hand that
// holds buttons other than cards (rummy's groups, each with its "move here" button) cannot be
// a list box, which may own options only (axe refused it): it is a toolbar (the Practices'
// toolbar: a set of controls, toggle buttons among them, one Tab stop, the arrow keys between
// them) of named groups, each card a toggle button (aria-pressed), each group's button in it.
export function listed(hand) {
  const cards = [...hand.querySelectorAll(".card-button")];
  hand.removeAttribute("aria-multiselectable");
  if (hand.querySelector("button:not(.card-button)")) {
    hand.setAttribute("role", "toolbar");
    hand.removeAttribute("aria-orientation"); // a toolbar's own: horizontal
    const buttons = stops(hand);
    rove(buttons, buttons.find((button) => button === document.activeElement) || cards.find((card) => card.getAttribute("aria-pressed") === "true") || buttons[0]);
    return;
  }
  const several = cards.some((card) => card.hasAttribute("aria-pressed") || card.hasAttribute("aria-selected"));
  hand.setAttribute("role", "listbox");
  hand.setAttribute("aria-orientation", "horizontal");
  if (several) hand.setAttribute("aria-multiselectable", "true");
  for (const card of cards) {
    card.setAttribute("role", "option");
    if (card.hasAttribute("aria-pressed")) {
      card.setAttribute("aria-selected", card.getAttribute("aria-pressed"));
      card.removeAttribute("aria-pressed");
    }
  }
  const focused = cards.find((card) => card === document.activeElement);
  const first =
    focused || cards.find((card) => card.getAttribute("aria-selected") === "true") || cards.find((card) => card.classList.contains("legal")) || cards[0];
  rove(cards, first);
}

// What the arrow keys go between: a list box's cards, or every button of a toolbar.
function stops(hand) {
  return [...hand.querySelectorAll(hand.getAttribute("role") === "toolbar" ? "button" : ".card-button")];
}

// The one card of the hand the Tab key reaches. Only a card whose stop changes is written: a
// tap focuses its card, and writing every card's tabindex again cost that tap a style pass.
function rove(cards, current) {
  for (const card of cards) {
    const stop = card === current ? 0 : -1;
    if (card.tabIndex !== stop || !card.hasAttribute("tabindex")) card.tabIndex = stop;
  }
}

// Where the keyboard focus is in the hand or the moves, to put it back after a redraw: the
// same card (by place) or the same position, else the first card a move uses. Without this
// the focus would fall back to the top of the page after every move.
function focusPlace() {
  const active = document.activeElement;
  for (const id of ["hand", "actions"]) {
    const box = byId(id);
    if (box && active && box.contains(active)) {
      const buttons = [...box.querySelectorAll("button")];
      return { id, key: active.dataset.key, index: buttons.indexOf(active) };
    }
  }
  return null;
}

function restoreFocus(place) {
  const active = document.activeElement;
  if (!place || (active && active !== document.body && active.isConnected)) return;
  const hand = byId("hand");
  const box = byId(place.id);
  const buttons = box ? [...box.querySelectorAll("button:not(:disabled)")] : [];
  const cards = hand ? [...hand.querySelectorAll(".card-button")] : [];
  const target = successor(buttons, cards, place.key, place.id === "hand" ? place.index : -1);
  // Not scrolled to: the card was where the player's eye was, and scrolling cost a layout.
  if (target) target.focus({ preventScroll: true });
}

export function keepingFocus(draw) {
  const place = focusPlace();
  draw();
  restoreFocus(place);
}

// Arrow keys move between the cards of the hand, and a toolbar's other buttons (mirrored
// where the hand runs right to left; at a match it runs left to right in every language,
// table_screen.css), Home and End to its ends; Enter or Space plays or selects the focused
// card as a click does.
export function listenToKeys() {
  const handBox = byId("hand");
  if (!handBox) return;
  handBox.addEventListener("keydown", (event) => {
    const cards = stops(handBox);
    const card = event.target.closest("button");
    if (!cards.includes(card)) return;
    const rtl = getComputedStyle(handBox).direction === "rtl";
    const steps = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 };
    const at = cards.indexOf(card);
    let next = null;
    if (event.key in steps) next = cards[Math.min(cards.length - 1, Math.max(0, at + steps[event.key]))];
    else if (event.key === "Home") next = cards[0];
    else if (event.key === "End") next = cards[cards.length - 1];
    if (!next) return;
    event.preventDefault();
    next.focus();
  });
  // The card (or button) last reached is the one Tab comes back to.
  handBox.addEventListener("focusin", (event) => {
    const cards = stops(handBox);
    const card = event.target.closest("button");
    if (cards.includes(card)) rove(cards, card);
  });
}
