// The hand's cards put on the page in place of the ones there, leaving alone what has not
// changed: the card with the keyboard focus (a tapped card has it) above all. A focused card
// taken out of the page and the focus put back after the redraw each forced a style pass and a
// layout inside every frame after a tap, ~120 ms of a frame's ~290 at 4x CPU throttling; and a
// bot's card made every card of the hand again, each a new node to style and lay out (issue 30).

// A card of the page and a new one are the same where their place and card are: the new one's
// looks and tap go to the card on the page, which stays. Only a card cardButton made (hand.js)
// stays: one the server's page drew has no tap.
const same = (card, fresh) => Boolean(card.tap) && card.dataset.key === fresh.dataset.key && card.dataset.card === fresh.dataset.card;
const isCard = (node) => node.nodeType === Node.ELEMENT_NODE && node.matches(".card-button[data-key]");

function adopt(node, fresh) {
  // The Tab stop and the role stay for listed() (hand.js) to set: a focused card's tabindex
  // written again forced a style pass and a layout.
  for (const name of node.getAttributeNames()) if (!fresh.hasAttribute(name) && name !== "tabindex" && name !== "role") node.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) if (node.getAttribute(name) !== fresh.getAttribute(name)) node.setAttribute(name, fresh.getAttribute(name));
  if (isCard(node)) node.tap = fresh.tap;
}

// ``nodes`` (cards, or boxes of them) put in ``container`` in place of its children.
export function placeCards(container, nodes) {
  const active = document.activeElement;
  const focused = active && active !== container && container.contains(active) && active.matches("button") ? active : null;
  const flat = nodes.every(isCard) && [...container.childNodes].every(isCard);
  if (!flat && !focused) {
    container.replaceChildren(...nodes);
    return;
  }
  if (!flat && kept(container, nodes, focused)) return;
  const index = focused ? [...container.querySelectorAll("button")].indexOf(focused) : -1;
  const pairs = flat ? matched(container, nodes) : new Map();
  const placed = nodes.map((fresh) => pairs.get(fresh) || fresh);
  const leaving = [...container.childNodes].filter((node) => !placed.includes(node));
  // The focus goes on before its card leaves (a focused card removed forced a layout): to a card
  // that stays, before anything changes (the layout still clean, as measuring left it).
  const buttons = focused && leaving.includes(focused) ? enabledButtons(nodes) : [];
  const pick = buttons.length ? successor(buttons, buttons.filter(isCard), focused.dataset.key, index) : null;
  const next = pick && (pairs.get(pick) || pick);
  if (next && next.isConnected) next.focus({ preventScroll: true });
  pairs.forEach((card, fresh) => adopt(card, fresh));
  let previous = null;
  for (const node of placed) {
    if (node.parentNode !== container) {
      if (previous) previous.after(node);
      else container.prepend(node);
    }
    previous = node;
  }
  if (next && document.activeElement !== next) next.focus({ preventScroll: true });
  leaving.forEach((node) => node.remove());
}

// The cards on the page that stay, by the new card each stands for: the same card (twins of two
// decks in turn) in the same order, so that none has to move (a hand sorted again keeps fewer).
// A card played moves the places after it along: the cards stay, their places change.
function matched(container, nodes) {
  let old = [...container.children].filter((node) => node.tap);
  const pairs = new Map();
  for (const fresh of nodes) {
    const at = old.findIndex((node) => node.dataset.card === fresh.dataset.card);
    if (at < 0) continue;
    pairs.set(fresh, old[at]);
    old = old.slice(at + 1);
  }
  return pairs;
}

// Boxes of cards (rummy's groups, Hidden Unders' own table): the focused ``card`` left in place
// inside ``container`` (the boxes around it taking their replacements' looks), the rest of
// ``nodes`` put around it; false where the new nodes hold no card like it.
function kept(container, nodes, card) {
  const old = [...container.children].find((child) => child === card || child.contains(card));
  const fresh = nodes.find((node) =>
    old === card
      ? isCard(node) && same(card, node)
      : node.tagName === old.tagName && !isCard(node) && [...node.querySelectorAll(".card-button")].some((inner) => same(card, inner)),
  );
  if (!fresh || (old !== card && !kept(old, [...fresh.childNodes], card))) return false;
  adopt(old, fresh);
  const at = nodes.indexOf(fresh);
  [...container.childNodes].forEach((node) => node !== old && node.remove());
  old.before(...nodes.slice(0, at));
  old.after(...nodes.slice(at + 1));
  return true;
}

const enabledButtons = (nodes) =>
  nodes
    .flatMap((node) => (node.nodeType !== Node.ELEMENT_NODE ? [] : node.matches("button") ? [node] : [...node.querySelectorAll("button")]))
    .filter((button) => !button.disabled);

// Where the focus goes when its button has gone, among ``buttons`` and the hand's ``cards``: the
// card now in its place (by ``key``), the button at its position (``index``, -1 for none), the
// first card a move uses, the first card, the first button. A redraw (placeCards) and a focus
// lost in one (hand.js) both ask.
export function successor(buttons, cards, key, index) {
  return (
    (key && cards.find((card) => card.dataset.key === key)) ||
    (index >= 0 && buttons[Math.min(index, buttons.length - 1)]) ||
    cards.find((card) => card.matches(".legal")) ||
    cards[0] ||
    buttons[0]
  );
}
