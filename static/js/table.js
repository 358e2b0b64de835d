// The table page: opens the table's socket and draws each frame it receives: seats, whose turn
// and the time left, the hand as SVG cards (the ones a legal move uses highlighted, the others
// dimmed), the moves the server lists as buttons, scores and the last 30 moves. No game rule
// lives here: the server sends this seat's view and the moves it may make, and the page sends
// back the one the player picks. Each game's own parts are in table_<game>.js. At an open
// table the seats fill and empty as frames come, with the server's forms to take or leave
// one, and the match's parts (already on the page, hidden) show the moment it starts.
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
    const who = number === frame.seat ? strings.you : seat.name || strings.bot_levels[seat.bot] || "";
    // The name set apart (first-strong isolate, as games/labels.py does): a Latin name in an
    // Urdu line keeps its brackets the right way round.
    return who ? label + " (\u2068" + who + "\u2069)" : label;
  }

  // A value inside an action or an event, as nodes: cards as small SVG cards, known words in
  // the reader's language, everything else as plain text.
  function valueNodes(value, key) {
    if (Array.isArray(value)) return value.flatMap((inner) => valueNodes(inner, key));
    if (value === null || value === undefined || typeof value === "boolean") return [];
    if (typeof value === "object") return [];
    if (typeof value === "string" && Taash.cards.isCard(value)) {
      return [el("span", { class: "mini-card" }, Taash.cards.svg(value))];
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
          { class: "seat" + (moving ? " to-move" : "") + (number === frame.seat ? " mine" : ""), "data-seat": number },
          el("span", { class: "seat-name", text: seatName(number) + (empty ? " · " + strings.empty : "") }),
          seatForm(seat),
        );
        if (moving) item.append(el("span", { class: "badge turn-badge", text: strings.to_move }));
        if (view.dealer === number) item.append(el("span", { class: "badge", text: strings.dealer }));
        if (seat.left) item.append(el("span", { class: "badge", text: strings.left }));
        else if (seat.stand_in) item.append(el("span", { class: "badge", text: strings.stand_in }));
        else if (seat.away) item.append(el("span", { class: "badge", text: strings.away }));
        if (game.seat && frame.view) game.seat(api, number, item);
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
    box.replaceChildren(
      el("h2", { text: strings.scores }),
      el(
        "table",
        { class: "score-table" },
        el("tbody", {}, rows.map(([who, score, extra]) => el("tr", {}, el("th", { scope: "row", text: who }), el("td", { text: String(score) }), el("td", { text: extra })))),
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

  function render() {
    root.classList.remove("waiting");
    renderSeats();
    renderTurn();
    if (game.board) game.board(api);
    renderHand();
    renderActions();
    renderScores();
    if (game.summary) game.summary(api);
    addLastMove();
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

  function showNotice(text) {
    const notice = byId("notice");
    if (notice) notice.textContent = text;
  }

  function receive(message) {
    heardAt = Date.now();
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
      renderActions();
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
    legalOf, cardActions, cardButton, actionButton, render, renderActions, showNotice,
    toggle, selectedCards, pruneSelection,
    rerender: () => { renderHand(); renderActions(); },
  };

  window.setInterval(() => {
    if (Date.now() - heardAt > SILENCE_MS && socket) socket.close();
    else if (socketOpen()) send({ type: "ping" });
  }, HEARTBEAT_MS);
  window.setInterval(renderTurn, 1000);
  // A page may bring its own transport in place of the socket, answering the same frames
  // (offline_table.js: the engine in a Web Worker).
  const transport = Taash.transport ? Taash.transport(receive, api) : null;
  render();
  showNotice(strings.connecting);
  if (transport) transport.start();
  else connect();
})();
