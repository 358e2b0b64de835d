// Motion where the eye expects it (issue 30, point 3; STYLE.md: motion is the board's job, not
// the page's). The last move's public events say what moved: a card played from the hand or
// a seat to the trick (the card that completes a trick too, though the frame shows the trick
// already gone: it flies to its place, then the trick is swept), the trick swept to its
// winner, a card drawn from a pile to the hand or a seat, a discard to the open pile, a rummy
// show (the declarer's cards fly into the panel that opens), Hidden Unders' cards laid on the
// pile, an under turned, the pile taken up and cards drawn from the deck, a new hand dealt.
// FLIP: where things were is measured before the frame is drawn, where they are after; a copy
// of the card flies between the two in a layer of its own over the page (position: fixed, so
// no layout box of the page changes), on transform and opacity alone, 150-300 ms. The real
// card is in its place at once and answers a tap at once; it only shows when its copy lands.
// Nothing moves under prefers-reduced-motion (checked here, and table.css hides the layer).
import { byId, table } from "./state.js";
import { FLIGHT_MS, face, fly, flyTo, rectOf, seen, sweep, sweepCopy } from "./flight.js";
import { placeOf } from "./seats.js";

const DEAL_MS = 200;
const DEAL_STAGGER_MS = 25;
const DEALT = 5; // this many new cards in the hand at once are a deal, not a draw
const SHOW_STAGGER_MS = 15;
// The trick's four places, as the seats sit around the felt (tricks/felt.js draws them).
const TRICK_PLACES = { bottom: "south", right: "east", top: "north", left: "west" };
const still = window.matchMedia("(prefers-reduced-motion: reduce)");
let shown = table.frame ? table.frame.version : null;

function handCards() {
  return [...document.querySelectorAll("#hand .card-button[data-card]")];
}

// Where the cards, piles and seats are before a frame is drawn.
export function measured() {
  // Only a frame of a later move can move anything: measuring reads the layout (a forced
  // layout of the whole page before it is drawn), which a tap or a redraw need not pay.
  if (still.matches || shown === null || table.frame.version <= shown) return null;
  const hand = new Map();
  for (const button of handCards()) {
    const code = button.dataset.card;
    hand.set(code, [...(hand.get(code) || []), rectOf(button)]);
  }
  const seats = new Map();
  document.querySelectorAll("#seats .seat[data-seat]").forEach((seat) => {
    seats.set(Number(seat.dataset.seat), rectOf(seat.querySelector(".seat-avatar") || seat));
  });
  const trick = [...document.querySelectorAll("#trick .played .card-svg")].map((card) => ({
    rect: rectOf(card),
    copy: face(card.closest(".played").dataset.card),
  }));
  const summary = byId("summary");
  const pileTop = [...document.querySelectorAll("#pile .card-face")].pop();
  return {
    hand,
    seats,
    trick,
    trickBox: rectOf(byId("trick")),
    closed: rectOf(byId("closed-deck")),
    open: rectOf(byId("open-pile")),
    pile: rectOf(pileTop || byId("pile")),
    deck: rectOf(byId("deck")),
    under: rectOf(document.querySelector("#hand .under")),
    summaryEmpty: !summary || !summary.childElementCount,
  };
}

// The hand's cards that were not in it before, by place (twins of two decks counted).
function newInHand(before) {
  const left = new Map([...before.hand].map(([code, rects]) => [code, rects.length]));
  return handCards().filter((button) => {
    const count = left.get(button.dataset.card) || 0;
    left.set(button.dataset.card, count - 1);
    return count <= 0;
  });
}

function dealt(before) {
  const deck = seen(before.closed) ? before.closed : rectOf(byId("board"));
  newInHand(before).forEach((button, index) => {
    const svg = button.querySelector(".card-svg");
    if (svg) fly(face(null), deck, button, { ms: DEAL_MS, delay: index * DEAL_STAGGER_MS });
  });
}

// Where a card lands in the trick's box ``box`` from the seat at ``place`` (a card of ``size``).
function trickSpot(box, place, size) {
  const { width, height } = size;
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const [cx, cy] = {
    south: [x, box.bottom - height / 2],
    north: [x, box.top + height / 2],
    west: [box.left + width / 2, y],
    east: [box.right - width / 2, y],
  }[place] || [x, y];
  return { left: cx - width / 2, top: cy - height / 2, width, height };
}

// A card played to the trick. The one that completes a trick (``completes``: the trick event
// follows in the same move) is no longer on the felt when the frame is drawn: it flies to its
// place beside the others, and what it landed as is returned for the sweep.
function played(before, event, mine, completes) {
  const from = (mine ? (before.hand.get(event.card) || [])[0] : null) || before.seats.get(event.seat);
  const figure = document.querySelector(`#trick .played[data-card="${CSS.escape(event.card)}"]`);
  if (figure) {
    fly(face(event.card), from, figure);
    return null;
  }
  if (!completes || !before.trick.length || !seen(before.trickBox)) return null;
  const spot = trickSpot(before.trickBox, TRICK_PLACES[placeOf(event.seat)], before.trick[0].rect);
  const landing = { card: event.card, spot, winner: null };
  // Swept once it has landed (the winner is known by then: the trick event comes next).
  const flight = flyTo(face(event.card), from, spot, {
    landed: (copy) => (landing.winner ? sweepCopy(copy, spot, landing.winner) : copy.remove()),
  });
  return flight ? landing : null;
}

// The trick to its winner; ``landing``, the card that completed it, still on its way. A card of
// the trick the page never drew (a frame missed) flies from its seat to its place first, so
// that the whole trick (the view's ``last_trick``) sweeps.
function swept(before, winnerSeat, landing) {
  // Where a game keeps the trick on the felt (Double Sar's waiting pile) its cards are still there.
  const onFeltNow = new Set([...document.querySelectorAll("#trick .played")].map((figure) => figure.dataset.card));
  if (!before.trick.length || before.trick.some((card) => onFeltNow.has(card.copy && card.copy.dataset.card))) return;
  const winner = before.seats.get(winnerSeat);
  if (landing) landing.winner = winner;
  const wait = landing ? FLIGHT_MS : 0;
  before.trick.forEach((card, index) => sweep(card.copy, card.rect, winner, wait + index * 20));
  if (!seen(before.trickBox)) return;
  const onFelt = new Set(before.trick.map((card) => card.copy && card.copy.dataset.card));
  if (landing) onFelt.add(landing.card);
  const size = before.trick[0].rect;
  (table.frame.view.last_trick || [])
    .filter((play) => !onFelt.has(play.card))
    .forEach((play) => {
      const spot = trickSpot(before.trickBox, TRICK_PLACES[placeOf(play.seat)], size);
      flyTo(face(play.card), before.seats.get(play.seat), spot, {
        landed: (copy) => sweepCopy(copy, spot, winner),
      });
    });
}

// The trick on the felt, completed by a move whose frame the page never drew (frames came
// together: the one drawn is the next trick's lead by a bot), sweeps all the same, its cards
// all in the view's last trick.
function sweptUnseen(before, events) {
  const view = table.frame.view || {};
  if (!before.trick.length || view.last_trick_winner == null || events.some((event) => event.type === "trick")) return;
  const last = new Set((view.last_trick || []).map((play) => play.card));
  if (before.trick.every((card) => card.copy && last.has(card.copy.dataset.card))) swept(before, view.last_trick_winner, null);
}

function drawn(before, event, mine) {
  const from = event.source === "open" ? before.open : before.closed;
  if (mine) {
    const arrived = newInHand(before);
    const button = arrived.find((card) => card.dataset.card === event.card) || arrived[0];
    if (button) fly(face(button.dataset.card), from, button);
    return;
  }
  const seat = document.querySelector(`#seats .seat[data-seat="${event.seat}"] .seat-avatar`);
  if (seat) fly(face(event.source === "open" ? event.card : null), from, seat);
}

function discarded(before, event, mine) {
  const from = mine ? (before.hand.get(event.card) || [])[0] : before.seats.get(event.seat);
  const pile = byId("open-pile");
  const top = pile && pile.querySelector(".card-svg");
  if (top) fly(face(event.card), from, top);
}

// A rummy show: the declarer's cards fly from their hand (the reader's own, card by card) or
// their seat into the panel of shown hands that opens with it (rummy/moves.js summary).
function showed(before, event, mine) {
  const panel = document.querySelector(`#summary .shown-hand[data-seat="${event.seat}"]`);
  if (!panel) return;
  const left = new Map([...before.hand].map(([code, rects]) => [code, [...rects]]));
  panel.querySelectorAll(".card-face[data-card]").forEach((card, index) => {
    const code = card.dataset.card;
    const from = (mine && (left.get(code) || []).shift()) || before.seats.get(event.seat);
    fly(face(code), from, card, { delay: index * SHOW_STAGGER_MS });
  });
}

// Hidden Unders: cards laid on the pile (its last ``count`` cards) from the hand or the overs,
// or an under turned over (the pile's top card), from the player's own place or their seat.
function laid(before, event, mine) {
  const pile = [...document.querySelectorAll("#pile .card-face[data-card]")];
  const cards = event.type === "under" ? pile.slice(-1) : pile.slice(-(event.count || 1));
  const left = new Map([...before.hand].map(([code, rects]) => [code, [...rects]]));
  cards.forEach((card) => {
    const code = card.dataset.card;
    const own = mine && (event.type === "under" ? before.under : (left.get(code) || []).shift());
    fly(face(code), own || before.seats.get(event.seat), card);
  });
}

// Cards to a hand from a pile (Hidden Unders' pile taken up, the deck drawn from): into the
// reader's own hand card by card, face down to another seat.
function gathered(before, event, mine, from) {
  if (mine) {
    newInHand(before).forEach((button, index) => fly(face(button.dataset.card), from, button, { delay: index * DEAL_STAGGER_MS }));
    return;
  }
  const seat = document.querySelector(`#seats .seat[data-seat="${event.seat}"] .seat-avatar`);
  if (seat) fly(face(null), from, seat);
}

// A result that opens (a show judged, a deal or the match over) grows into place.
function opened(node) {
  if (!node || still.matches) return;
  node.animate([{ opacity: 0, transform: "scale(0.96)" }, { opacity: 1, transform: "none" }], {
    duration: 250,
    easing: "ease-out",
  });
}

// After the frame is drawn: what its last move moved, from where it was ``before``.
export function moved(before) {
  const frame = table.frame;
  const fresh = shown !== null && frame.version > shown;
  shown = frame.version;
  if (!before || !fresh || still.matches) return;
  const move = frame.last_move && frame.last_move.version === frame.version ? frame.last_move : null;
  const events = (move && move.events) || [];
  const gathering = events.some((event) => event.type === "take" || (event.type === "done" && event.drew));
  if (!gathering && newInHand(before).length >= DEALT) dealt(before);
  if (move) {
    const mine = move.seat === frame.seat;
    let landing = null;
    events.forEach((event, index) => {
      const completes = events.slice(index + 1).some((next) => next.type === "trick");
      if (event.type === "play" && typeof event.card === "string") landing = played(before, event, mine, completes) || landing;
      else if (event.type === "play" || event.type === "under") laid(before, event, mine);
      else if (event.type === "trick") swept(before, event.winner, landing);
      else if (event.type === "draw" && move.seat === event.seat) drawn(before, event, mine);
      else if (event.type === "discard" && typeof event.card === "string") discarded(before, event, mine);
      else if (event.type === "declare" && event.valid) showed(before, event, mine);
      else if (event.type === "take") gathered(before, event, mine, before.pile);
      else if (event.type === "done" && event.drew) gathered(before, event, mine, before.deck);
    });
    sweptUnseen(before, events);
  }
  const summary = byId("summary");
  if (before.summaryEmpty && summary && summary.childElementCount) opened(summary);
}

// The match's result, on the page drawn when it ended.
export function resultOpened() {
  opened(byId("result"));
}
