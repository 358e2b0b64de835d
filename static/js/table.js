// The table page: opens the table's socket and draws each frame it receives: seats, whose turn
// and the time left, the hand as SVG cards (the ones a legal move uses highlighted, the others
// dimmed), the moves the server lists as buttons, scores and the last 30 moves. No game rule
// lives here: the server sends this seat's view and the moves it may make, and the page sends
// back the one the player picks. Each game's own parts are in table_<game>.js. At an open
// table the seats wait around the felt and fill and empty as frames come, with the server's
// forms to take or leave one, and the match's parts (already on the page, hidden) show the
// moment it starts.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const Taash = window.Taash;
  const strings = JSON.parse(document.getElementById("table-strings").textContent);
  let frame = JSON.parse(document.getElementById("table-frame").textContent);
  const HEARTBEAT_MS = 20000;
  const SILENCE_MS = 45000;
  const MOVES_SHOWN = 30;
  const byId = (id) => document.getElementById(id);
  const game = Taash.games[root.dataset.game] || {};
  // The cards picked for a move of several cards, by place (a key such as "hand:3") and card
  // code: with two decks a hand may hold twins, which only their places tell apart.
  const selection = new Map();
  let socket = null;
  let retries = 0;
  let heardAt = Date.now();
  let waiting = false; // a move is on its way: no second one until the table answers
  // What the player did while the socket was not open (the page shows the table it was served
  // with, or it is reconnecting), the latest of each kind: a move, the Sort button. It goes
  // as soon as the socket opens, where the server checks a move's version.
  let unsent = [];

  const format = Taash.cards.format;

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    node.append(...children.flat().filter((child) => child !== null && child !== undefined));
    return node;
  }

  function seatName(number) {
    const seat = frame.seats[number];
    const label = format(strings.seat, { number: number + 1 });
    if (!seat) return label;
    const bot = seat.bot && !seat.name
      ? format(strings.bot_label, { name: strings.bot_names[number % strings.bot_names.length], level: strings.bot_levels[seat.bot] || "" })
      : "";
    const who = number === frame.seat ? strings.you : seat.name || bot;
    // The name set apart (first-strong isolate, as games/labels.py does): a Latin name in an
    // Urdu line keeps its brackets the right way round.
    return who ? label + " (\u2068" + who + "\u2069)" : label;
  }

  // A value inside an action or an event, as nodes: cards as chips (rank and suit, readable
  // in a line of text), known words in the reader's language, everything else as plain text.
  function valueNodes(value, key) {
    if (Array.isArray(value)) return value.flatMap((inner) => valueNodes(inner, key));
    if (value === null || value === undefined || typeof value === "boolean") return [];
    if (typeof value === "object") return [];
    if (typeof value === "string" && Taash.cards.isCard(value)) {
      return [" ", Taash.cards.chip(value)];
    }
    if (key === "suit" || key === "trump") {
      return [" ", el("span", { class: "mini-suit" }, Taash.cards.suit(value))];
    }
    if (key === "index") return [" " + (value + 1)];
    if (key === "seat" || key === "winner" || key === "pitcher") return [" " + seatName(value)];
    const text = typeof value === "string" ? strings.words[value] || value : String(value);
    return [" " + text];
  }

  // "Play 10♠", "Seat 2 (Asha): Discard 7♥": a type's name, then its other fields.
  function describe(item, names, withSeat) {
    const line = el("span", { class: "described" });
    if (withSeat && typeof item.seat === "number") line.append(seatName(item.seat) + ": ");
    line.append(names[item.type] || item.type);
    for (const [key, value] of Object.entries(item)) {
      if (key !== "type" && key !== "seat" && key !== "groups") line.append(...valueNodes(value, key));
    }
    return line;
  }

  // -- moves ---------------------------------------------------------------------------------

  function move(action) {
    if (waiting) return;
    waiting = true;
    root.classList.add("waiting");
    send({ type: "move", action, version: frame.version });
  }

  // Ready for the next deal: like a move, nothing more is sent until the table answers (a
  // frame with the seat ready, or the next deal).
  function ready() {
    if (waiting) return;
    waiting = true;
    root.classList.add("waiting");
    send({ type: "ready" });
  }

  function legalOf(type) {
    return frame.legal.filter((action) => action.type === type);
  }

  // The cards an action names: a played or discarded card, a hidden trump, overs, a play of
  // several cards of one rank.
  function cardsOf(action) {
    if (Array.isArray(action.cards)) return action.cards;
    return typeof action.card === "string" ? [action.card] : [];
  }

  function cardActions(code) {
    return frame.legal.filter((action) => cardsOf(action).includes(code));
  }

  function sameCards(a, b) {
    return a.length === b.length && [...a].sort().join() === [...b].sort().join();
  }

  function selectedCards() {
    return [...selection.values()];
  }

  function toggle(key, code) {
    if (selection.get(key) === code) selection.delete(key);
    else selection.set(key, code);
  }

  // The card at a place: the hand's by default, a game's own places (overs, rummy groups) too.
  function cardAt(key) {
    const own = game.cardAt ? game.cardAt(api, key) : undefined;
    if (own !== undefined) return own;
    const [where, index] = String(key).split(":");
    return where === "hand" ? ((frame.view || {}).hand || [])[Number(index)] : undefined;
  }

  // Selected places whose card has gone (played, discarded, the hand redealt) are let go.
  function pruneSelection() {
    for (const [key, code] of [...selection]) if (cardAt(key) !== code) selection.delete(key);
  }

  // A click on a card: its one move goes at once; a card that is part of several-card moves
  // is selected, and the move's button sends the selection once it matches a listed move.
  function cardClicked(code, key) {
    if (game.cardClicked && game.cardClicked(api, code, key)) return;
    const actions = cardActions(code);
    if (actions.length === 1 && cardsOf(actions[0]).length === 1 && !actions[0].cards) {
      move(actions[0]);
      return;
    }
    if (actions.some((action) => action.cards)) {
      toggle(key, code);
      render();
      return;
    }
    if (actions.length > 1) {
      showChoice(actions);
    }
  }

  function showChoice(actions) {
    const box = byId("actions");
    if (!box) return;
    box.replaceChildren(
      ...actions.map((action) => actionButton(action)),
      el("button", { type: "button", class: "secondary", onclick: renderActions, text: strings.cancel }),
    );
    box.querySelector("button").focus();
  }

  function actionButton(action, label) {
    return el(
      "button",
      { type: "button", class: "action action-" + action.type, onclick: () => move(action) },
      label || describe(action, strings.actions),
    );
  }

  // A card as a button; ``options.key`` names its place (see ``selection``).
  function cardButton(code, options = {}) {
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
        onclick: () => (legal || options.always ? (options.onclick || cardClicked)(code, key) : null),
      },
      Taash.cards.svg(code),
    );
    return button;
  }

  // -- drawing -----------------------------------------------------------------------------

  // An open table's seat forms (take this seat, leave it), as the server renders them.
  function seatForm(seat) {
    if (frame.status !== "open") return null;
    const empty = !seat.name && !seat.bot;
    const id = seat.seat === frame.seat ? "seat-leave-form" : empty ? "seat-take-form" : null;
    const template = id && byId(id);
    if (!template) return null;
    const form = template.content.firstElementChild.cloneNode(true);
    const number = form.querySelector('input[name="seat"]');
    if (number) number.value = seat.seat;
    return form;
  }

  // Where a seat sits around the felt, counted from the reader's own (a spectator's: seat 1's)
  // at the bottom. The engines number the seats clockwise (the next number on one's left:
  // CP-1 plays to the right, from seat 0 to seat 3; Pitch and rummy to the left), partners
  // opposite at four; which way play passes is written under the felt.
  const AROUND = {
    1: ["bottom"],
    2: ["bottom", "top"],
    3: ["bottom", "left", "right"],
    4: ["bottom", "left", "top", "right"],
    5: ["bottom", "left", "top-left", "top-right", "right"],
    6: ["bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"],
  };
  function placeOf(number) {
    const players = frame.seats.length;
    const me = typeof frame.seat === "number" ? frame.seat : 0;
    return (AROUND[players] || [])[(number - me + players) % players] || "bottom";
  }

  // A replay shows every hand open on its seat: where the cards lie now (the hand, overs,
  // unders, the card put aside), each part under its name; as dealt only before any other.
  function openHand(groups) {
    const now = groups.filter((group) => group.label !== "dealt");
    return el(
      "div",
      { class: "seat-hand" },
      (now.length ? now : groups).map((group) =>
        el(
          "div",
          { class: "seat-hand-part" },
          el("span", { class: "open-hand-label", text: strings.hand_labels[group.label] || "" }),
          group.cards.map((code) => Taash.cards.chip(code)),
        ),
      ),
    );
  }

  function renderSeats() {
    const list = byId("seats");
    if (!list) return;
    const view = frame.view || {};
    list.replaceChildren(
      ...frame.seats.map((seat) => {
        const number = seat.seat;
        const moving = (view.to_move || []).includes(number);
        const empty = !seat.name && !seat.bot;
        const item = el(
          "li",
          { class: "seat" + (moving ? " to-move" : "") + (number === frame.seat ? " mine" : ""), "data-seat": number, "data-place": placeOf(number) },
          el("span", { class: "seat-name", text: seatName(number) }),
          empty ? el("span", { class: "seat-empty", text: frame.status === "open" ? strings.waiting_for_player : strings.empty }) : null,
          seatForm(seat),
        );
        if (moving) {
          item.append(el("span", { class: "badge turn-badge", text: strings.to_move }));
          const seconds = secondsLeft();
          if (seconds !== null) item.append(el("span", { class: "seat-clock", text: format(strings.seconds_left, { seconds }) }));
        }
        if (view.dealer === number) item.append(el("span", { class: "badge", text: strings.dealer }));
        if (frame.pause && seat.ready) item.append(el("span", { class: "badge ready-badge", text: strings.is_ready }));
        // A finished match shows who sat where, none of the play's states.
        if (frame.status === "playing") {
          if (seat.left) item.append(el("span", { class: "badge", text: strings.left }));
          else if (seat.stand_in) item.append(el("span", { class: "badge", text: strings.stand_in }));
          else if (seat.away) item.append(el("span", { class: "badge", text: strings.away }));
          if (game.seat && frame.view) game.seat(api, number, item);
        }
        if (frame.open_hands) item.append(openHand(frame.open_hands[number] || []));
        return item;
      }),
    );
  }

  function secondsLeft() {
    if (!frame.deadline) return null;
    return Math.max(0, Math.round((Date.parse(frame.deadline) - Date.now()) / 1000));
  }

  function renderTurn() {
    const line = byId("turn");
    if (!line || !frame.view) return;
    const bar = byId("timer");
    if (frame.view.over || frame.status === "finished") {
      line.textContent = strings.over;
      if (bar) bar.hidden = true;
      return;
    }
    if (frame.pause) {
      // The last deal's result stays up (the server's rule, on the table's row): its end.
      const left = secondsTo(frame.pause.until);
      line.textContent = format(strings.next_deal_in, { seconds: left });
      // Ready is the one thing a player has to do now.
      const mine = frame.seats[frame.seat];
      root.classList.toggle("my-turn", Boolean(mine && !mine.ready && !mine.left));
      if (bar) bar.hidden = true;
      return;
    }
    const movers = frame.view.to_move || [];
    let text = movers.includes(frame.seat)
      ? strings.your_turn
      : movers.length
        ? strings.waiting_for + ": " + movers.map(seatName).join(", ")
        : "";
    const seconds = secondsLeft();
    if (seconds !== null) text += " · " + format(strings.seconds_left, { seconds });
    line.textContent = text;
    root.classList.toggle("my-turn", movers.includes(frame.seat));
    if (bar) {
      const total = frame.view.decision_seconds || Number(root.dataset.turnSeconds) || 30;
      bar.hidden = seconds === null;
      bar.style.setProperty("--left", Math.min(1, (seconds || 0) / total));
      bar.classList.toggle("short", seconds !== null && seconds <= 5);
    }
  }

  function renderHand() {
    const hand = byId("hand");
    if (!hand || !frame.view) return;
    const codes = frame.view.hand || [];
    pruneSelection();
    if (game.hand && game.hand(api, hand)) return;
    const toggles = frame.legal.some((action) => Array.isArray(action.cards));
    hand.replaceChildren(
      ...codes.map((code, index) =>
        cardButton(code, { key: "hand:" + index, toggle: toggles, trump: game.isTrump && game.isTrump(api, code) }),
      ),
    );
  }

  function renderActions() {
    const box = byId("actions");
    if (!box) return;
    const buttons = [];
    const mine = frame.seats[frame.seat];
    if (mine && !mine.left && (mine.stand_in || mine.away)) {
      buttons.push(el("button", { type: "button", onclick: () => send({ type: "back" }), text: strings.back }));
    }
    if (frame.pause && mine && !mine.left) {
      const button = mine.ready
        ? el("button", { type: "button", class: "secondary", disabled: true, text: strings.ready_done })
        : el("button", { type: "button", class: "action action-ready", id: "ready-button", onclick: ready, text: strings.ready });
      buttons.push(button);
    }
    const handled = game.handles || new Set();
    const severalCards = new Map();
    for (const action of frame.legal) {
      if (handled.has(action.type)) continue;
      if (Array.isArray(action.cards)) {
        if (!severalCards.has(action.type)) severalCards.set(action.type, []);
        severalCards.get(action.type).push(action);
      } else if (typeof action.card !== "string") {
        buttons.push(actionButton(action));
      }
    }
    // Moves of several cards: one button per kind, live once the selection is one of them.
    for (const [type, actions] of severalCards) {
      const chosen = actions.find((action) => sameCards(action.cards, selectedCards()));
      buttons.push(
        el(
          "button",
          {
            type: "button",
            class: "action action-" + type,
            disabled: !chosen,
            onclick: () => {
              selection.clear();
              move(chosen);
            },
          },
          chosen
            ? describe(chosen, strings.actions)
            : (strings.actions[type] || type) + " (" + format(strings.selected, { count: selection.size }) + ")",
        ),
      );
    }
    if (game.actions && frame.view) game.actions(api, buttons);
    const prompt = !frame.legal.length ? "" : (game.prompt && game.prompt(api)) || strings.prompts[frame.legal[0].type];
    box.replaceChildren(
      ...(prompt ? [el("p", { class: "prompt", text: prompt })] : []),
      ...(buttons.length ? buttons : [el("p", { class: "quiet", text: frame.legal.length ? "" : strings.no_moves })]),
    );
  }

  function renderScores() {
    const box = byId("scores");
    if (!box || !frame.view) return;
    const view = frame.view;
    const rows = [];
    if (view.teams && view.scores && view.scores.length === view.teams.length) {
      view.teams.forEach((team, index) => {
        const extra = game.teamScore ? game.teamScore(api, index) : "";
        rows.push([format(strings.team, { number: index + 1 }) + ": " + team.map(seatName).join(" · "), view.scores[index], extra]);
      });
    } else if (view.scores) {
      view.scores.forEach((score, seat) => rows.push([seatName(seat), score, ""]));
    }
    // A game without scores (Hidden Unders) shows no empty heading.
    if (!rows.length) {
      box.replaceChildren();
      return;
    }
    box.replaceChildren(
      el("h2", { text: strings.scores }),
      el(
        "table",
        { class: "score-table" },
        el("tbody", {}, rows.map(([who, score, extra]) => el("tr", {}, el("th", { scope: "row", text: who }), el("td", { text: Taash.cards.number(score) }), el("td", { text: extra })))),
      ),
    );
  }

  // The last move as the server tells it (frame.last_move.text), under its seat's name.
  function addLastMove() {
    const list = byId("moves");
    const last = frame.last_move;
    if (!list || !last || list.querySelector(`[data-version="${last.version}"]`)) return;
    list.prepend(el("li", { "data-version": last.version }, seatName(last.seat) + ": " + last.text));
    while (list.children.length > MOVES_SHOWN) list.lastElementChild.remove();
  }

  // A player asked for a rematch of this finished match: the button joins it now.
  function renderAfterMatch() {
    const again = byId("play-again");
    if (again && frame.rematch) again.textContent = strings.join_rematch;
  }

  // A player out of a Pool game (RM-24) has nothing left to play: they are told so, and
  // may watch on or go; leaving the match (a bot for their seat) means nothing for them.
  let watchingOn = false; // the eliminated player chose to watch: not told again
  function renderEliminated() {
    const mine = ((frame.view || {}).seats || [])[frame.seat];
    const out = frame.status === "playing" && mine && mine.status === "out" && !frame.legal.length;
    const leave = byId("leave-form");
    if (leave) leave.hidden = out || frame.status !== "playing";
    const handArea = document.querySelector(".hand-area");
    // An open table's hand waits hidden with the match's other parts (matchStarted).
    if (handArea) handArea.hidden = Boolean(out) || frame.status === "open";
    let box = byId("eliminated");
    if (!out) {
      if (box) box.remove();
      return;
    }
    if (box || watchingOn) return;
    box = el(
      "div",
      { class: "eliminated", id: "eliminated", role: "status" },
      el("p", { text: strings.eliminated }),
      el("button", { type: "button", class: "secondary", onclick: () => { watchingOn = true; box.remove(); }, text: strings.watch_on }),
      " ",
      el("a", { class: "button", href: root.dataset.lobby, text: strings.to_lobby }),
    );
    const status = document.querySelector(".status-bar");
    if (status) status.after(box);
  }

  // -- keyboard and being told -------------------------------------------------------------

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
    const same = place.key && hand && hand.querySelector(`.card-button[data-key="${CSS.escape(place.key)}"]`);
    const target =
      same ||
      (place.id === "hand" && buttons[Math.min(place.index, buttons.length - 1)]) ||
      (hand && (hand.querySelector(".card-button.legal") || hand.querySelector(".card-button"))) ||
      buttons[0];
    if (target) target.focus();
  }

  function keepingFocus(draw) {
    const place = focusPlace();
    draw();
    restoreFocus(place);
  }

  // Arrow keys move between the cards of the hand (mirrored right to left), Home and End to
  // its ends; Enter or Space plays or selects the focused card as a click does.
  const handBox = byId("hand");
  if (handBox) {
    handBox.addEventListener("keydown", (event) => {
      const card = event.target.closest(".card-button");
      if (!card) return;
      const rtl = document.documentElement.dir === "rtl";
      const steps = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 };
      const cards = [...handBox.querySelectorAll(".card-button")];
      const at = cards.indexOf(card);
      let next = null;
      if (event.key in steps) next = cards[Math.min(cards.length - 1, Math.max(0, at + steps[event.key]))];
      else if (event.key === "Home") next = cards[0];
      else if (event.key === "End") next = cards[cards.length - 1];
      if (!next) return;
      event.preventDefault();
      next.focus();
    });
  }

  // Each change of turn is said once (a screen reader hears it; the turn line itself counts
  // the seconds); the member's own turn is cued when the page is out of sight.
  let toldTurn = "";
  function announceTurn() {
    const line = byId("turn-announce");
    const view = frame.view || {};
    const movers = frame.status === "playing" && !frame.pause ? view.to_move || [] : [];
    const told = JSON.stringify([frame.status, movers, Boolean(frame.pause)]);
    if (told === toldTurn) return;
    toldTurn = told;
    const mine = movers.includes(frame.seat);
    let text = "";
    if (frame.pause) text = format(strings.next_deal_in, { seconds: secondsTo(frame.pause.until) });
    else if (mine) text = strings.your_turn;
    else if (movers.length) text = movers.map((seat) => format(strings.turn_of, { seat: seatName(seat) })).join(", ");
    if (line) line.textContent = text;
    if (mine && Taash.cue) Taash.cue.yourTurn();
  }

  function secondsTo(iso) {
    return Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 1000));
  }

  function render() {
    keepingFocus(draw);
    announceTurn();
  }

  function draw() {
    root.classList.remove("waiting");
    renderSeats();
    renderTurn();
    if (game.board) game.board(api);
    renderHand();
    renderActions();
    renderScores();
    if (game.summary) game.summary(api);
    addLastMove();
    renderAfterMatch();
    renderEliminated();
  }

  // The match began while this page waited at the open table: its parts show, the seat forms
  // go, and the member hears and sees the cue (table_cue.js).
  function matchStarted() {
    const waitingRoom = byId("open-table");
    if (waitingRoom) waitingRoom.remove();
    document.querySelectorAll(".match-part").forEach((part) => {
      part.hidden = false;
    });
    const status = byId("table-status");
    if (status) status.textContent = strings.table_statuses[frame.status] || "";
    if (Taash.cue) Taash.cue.matchStarted();
  }

  // A move that costs (a wrong show, a drop, leaving the match) goes only once the player
  // says so in the page's dialog, which names the cost; Escape or "Keep playing" keeps it.
  function confirmFirst(text, yesLabel, then) {
    const dialog = byId("confirm-dialog");
    if (!dialog || typeof dialog.showModal !== "function") {
      if (window.confirm(text)) then();
      return;
    }
    const back = document.activeElement;
    byId("confirm-text").textContent = text;
    const yes = byId("confirm-yes");
    yes.textContent = yesLabel;
    yes.onclick = () => {
      dialog.close();
      then();
    };
    byId("confirm-no").onclick = () => dialog.close();
    dialog.addEventListener("close", () => back && back.isConnected && back.focus(), { once: true });
    dialog.showModal();
    byId("confirm-no").focus();
  }

  // The invite link's Copy button (the field stays, selectable, where the clipboard is refused).
  const copy = byId("invite-copy");
  if (copy && navigator.clipboard) {
    copy.hidden = false;
    copy.addEventListener("click", () => {
      navigator.clipboard.writeText(byId("invite-link").value).then(() => {
        copy.textContent = copy.dataset.copied;
      }, () => byId("invite-link").select());
    });
  }

  const leaveForm = byId("leave-form");
  if (leaveForm) {
    leaveForm.addEventListener("submit", (event) => {
      if (leaveForm.dataset.confirmed) return;
      event.preventDefault();
      confirmFirst(leaveForm.dataset.confirm, leaveForm.dataset.confirmYes, () => {
        leaveForm.dataset.confirmed = "1";
        leaveForm.requestSubmit();
      });
    });
  }

  function showNotice(text) {
    const notice = byId("notice");
    if (notice) notice.textContent = text;
  }

  function receive(message) {
    heardAt = Date.now();
    if (Taash.chat && Taash.chat.receive(api, message)) return; // table_chat.js
    if (message.type === "state") {
      if (message.revision < frame.revision) return;
      const before = frame.status;
      const gap = message.version > frame.version + 1;
      frame = message;
      api.frame = frame;
      waiting = false;
      // The match has started: the page holds its parts already, and shows them now.
      if (before === "open" && frame.status === "playing") matchStarted();
      // A match that ends, or a table left empty, changes the page: the server draws the new one.
      else if (before !== frame.status) return window.location.reload();
      showNotice("");
      render();
      if (game.state) game.state(api);
      // Moves were missed (a dropped connection, a lost broadcast): ask for the whole table.
      if (gap) send({ type: "sync" });
    } else if (message.type === "pong") {
      if (message.revision > frame.revision) send({ type: "sync" });
    } else if (message.type === "error") {
      waiting = false;
      root.classList.remove("waiting");
      if (!(game.error && game.error(api, message))) showNotice(message.message);
      keepingFocus(renderActions);
    } else if (game.message) {
      game.message(api, message);
    }
  }

  function socketOpen() {
    return socket !== null && socket.readyState === WebSocket.OPEN;
  }

  function send(message) {
    if (transport) transport.send(message);
    else if (socketOpen()) socket.send(JSON.stringify(message));
    else unsent = [...unsent.filter((held) => held.type !== message.type), message];
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + root.dataset.socket);
    socket.addEventListener("open", () => {
      retries = 0;
      heardAt = Date.now();
      showNotice("");
      const held = unsent;
      unsent = [];
      held.forEach(send);
      if (game.state) game.state(api);
      if (Taash.chat) Taash.chat.opened(api); // table_chat.js
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      showNotice(strings.reconnecting);
      retries += 1;
      window.setTimeout(connect, Math.min(1000 * 2 ** retries, 10000));
    });
  }

  const api = {
    frame, strings, root, selection, el, byId, format, seatName, describe, move, send,
    legalOf, cardActions, placeOf, cardButton, actionButton, render, renderActions, showNotice,
    toggle, selectedCards, pruneSelection, confirmFirst,
    rerender: () => keepingFocus(() => { renderHand(); renderActions(); }),
  };

  window.setInterval(() => {
    if (!root.dataset.socket) return;
    if (Date.now() - heardAt > SILENCE_MS && socket) socket.close();
    else if (socketOpen()) send({ type: "ping" });
  }, HEARTBEAT_MS);
  window.setInterval(() => {
    renderTurn();
    const seconds = secondsLeft();
    document.querySelectorAll(".seat-clock").forEach((clock) => {
      clock.textContent = format(strings.seconds_left, { seconds: seconds || 0 });
    });
  }, 1000);
  // A page may bring its own transport in place of the socket, answering the same frames
  // (offline_table.js: the engine in a Web Worker).
  const transport = Taash.transport ? Taash.transport(receive, api) : null;
  render();
  if (transport) {
    showNotice(strings.connecting);
    transport.start();
  } else if (root.dataset.socket) {
    // A replay's page has no socket: it shows the one step it was served with.
    showNotice(strings.connecting);
    connect();
  }
})();
