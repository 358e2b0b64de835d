// The plain table page: opens the table's socket and shows each frame it receives as lists of
// cards and buttons. No game rule lives here: the server sends this seat's view and the moves
// it may make, and the client sends back the one the player clicks.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const strings = JSON.parse(document.getElementById("table-strings").textContent);
  let frame = JSON.parse(document.getElementById("table-frame").textContent);
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const CARD = /^(10|[2-9JQKA])([SHDC])$/;
  const HEARTBEAT_MS = 20000;
  const SILENCE_MS = 45000;
  const HIDDEN_DETAILS = new Set([
    "game", "variant", "players", "seat", "hand", "history", "legal_actions", "to_move",
    "decision_seconds", "over",
  ]);
  const byId = (id) => document.getElementById(id);
  let socket = null;
  let retries = 0;
  let heardAt = Date.now();

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
  }

  function cardNode(code) {
    const node = document.createElement("span");
    node.className = "card";
    const parts = CARD.exec(code);
    if (parts) {
      node.textContent = parts[1] + SUITS[parts[2]];
      if (parts[2] === "H" || parts[2] === "D") node.classList.add("red");
    } else {
      node.textContent = "🃏";
    }
    return node;
  }

  // A value inside a view, an action or an event, as nodes: cards as cards, known words in
  // the reader's language, everything else as plain text.
  function valueNodes(value) {
    if (Array.isArray(value)) return value.flatMap(valueNodes);
    if (value === null || value === undefined) return [];
    if (typeof value === "object") {
      return Object.entries(value).flatMap(([key, inner]) => [
        document.createTextNode(" " + key.replace(/_/g, " ") + ":"), ...valueNodes(inner),
      ]);
    }
    if (typeof value === "string" && (CARD.test(value) || value === "PJ")) return [cardNode(value)];
    const text = typeof value === "string" ? strings.words[value] || value : String(value);
    return [document.createTextNode(" " + text)];
  }

  function seatName(number) {
    const seat = frame.seats[number];
    const label = format(strings.seat, { number: number + 1 });
    if (!seat) return label;
    const who = number === frame.seat ? strings.you : seat.name || strings.bot_levels[seat.bot] || "";
    return who ? label + " (" + who + ")" : label;
  }

  // "Play 10♠", "Seat 2 (Asha): Discard 7♥": a type's name, then its other fields.
  function describe(item, names) {
    const line = document.createElement("span");
    if (typeof item.seat === "number") line.append(seatName(item.seat) + ": ");
    line.append(names[item.type] || item.type);
    for (const [key, value] of Object.entries(item)) {
      if (key !== "type" && key !== "seat") line.append(...valueNodes(value));
    }
    return line;
  }

  function renderSeats() {
    const list = byId("seats");
    list.replaceChildren(
      ...frame.seats.map((seat) => {
        const item = document.createElement("li");
        item.append(seatName(seat.seat));
        if (seat.bot) item.append(" · " + strings.bot);
        if (!seat.bot && !seat.name) item.append(" · " + strings.empty);
        if (seat.left) item.append(" · " + strings.left);
        else if (seat.stand_in) item.append(" · " + strings.stand_in);
        else if (seat.away) item.append(" · " + strings.away);
        if (frame.view && frame.view.to_move.includes(seat.seat)) item.classList.add("to-move");
        return item;
      }),
    );
  }

  function renderTurn() {
    const line = byId("turn");
    if (!line || !frame.view) return;
    if (frame.view.over) {
      line.textContent = strings.over;
      return;
    }
    const movers = frame.view.to_move;
    let text = movers.includes(frame.seat)
      ? strings.your_turn
      : strings.waiting_for + ": " + movers.map(seatName).join(", ");
    if (frame.deadline) {
      const seconds = Math.max(0, Math.round((Date.parse(frame.deadline) - Date.now()) / 1000));
      text += " · " + format(strings.seconds_left, { seconds });
    }
    line.textContent = text;
  }

  function renderHand() {
    const hand = byId("hand");
    if (hand && frame.view) hand.replaceChildren(...(frame.view.hand || []).map(cardNode));
  }

  function renderActions() {
    const box = byId("actions");
    if (!box) return;
    const buttons = frame.legal.map((action) => {
      const button = document.createElement("button");
      button.type = "button";
      button.append(describe(action, strings.actions));
      button.addEventListener("click", () => {
        box.querySelectorAll("button").forEach((other) => (other.disabled = true));
        send({ type: "move", action, version: frame.version });
      });
      return button;
    });
    const mine = frame.seats[frame.seat];
    if (mine && !mine.left && (mine.stand_in || mine.away)) {
      const back = document.createElement("button");
      back.type = "button";
      back.textContent = strings.back;
      back.addEventListener("click", () => send({ type: "back" }));
      buttons.unshift(back);
    }
    box.replaceChildren(...(buttons.length ? buttons : [strings.no_moves]));
  }

  function renderDetails() {
    const details = byId("details");
    if (!details || !frame.view) return;
    const rows = Object.entries(frame.view)
      .filter(([key, value]) => !HIDDEN_DETAILS.has(key) && value !== null)
      .flatMap(([key, value]) => {
        const term = document.createElement("dt");
        term.textContent = key.replace(/_/g, " ");
        const description = document.createElement("dd");
        description.append(...valueNodes(value));
        return [term, description];
      });
    details.replaceChildren(...rows);
    const history = byId("history");
    if (history) {
      history.replaceChildren(
        ...(frame.view.history || []).map((event) => {
          const item = document.createElement("li");
          item.append(describe(event, strings.events));
          return item;
        }),
      );
    }
  }

  function addLastMove() {
    const list = byId("moves");
    const move = frame.last_move;
    if (!list || !move || list.querySelector(`[data-version="${move.version}"]`)) return;
    const item = document.createElement("li");
    item.dataset.version = move.version;
    item.append(seatName(move.seat) + " · " + (strings.by[move.by] || move.by) + ": ");
    move.events.forEach((event) => item.append(describe(event, strings.events), " "));
    list.append(item);
    while (list.children.length > 30) list.firstElementChild.remove();
  }

  function render() {
    renderSeats();
    renderTurn();
    renderHand();
    renderActions();
    renderDetails();
    addLastMove();
  }

  function showNotice(text) {
    const notice = byId("notice");
    if (notice) notice.textContent = text;
  }

  function receive(message) {
    heardAt = Date.now();
    if (message.type === "state") {
      if (message.revision < frame.revision) return;
      const statusChanged = message.status !== frame.status;
      const gap = message.version > frame.version + 1;
      frame = message;
      // A match that starts or ends changes the page's layout: the server draws the new one.
      if (statusChanged) return window.location.reload();
      showNotice("");
      render();
      // Moves were missed (a dropped connection, a lost broadcast): ask for the whole table.
      if (gap) send({ type: "sync" });
    } else if (message.type === "pong") {
      if (message.revision > frame.revision) send({ type: "sync" });
    } else if (message.type === "error") {
      showNotice(message.message);
      renderActions();
    }
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + root.dataset.socket);
    socket.addEventListener("open", () => {
      retries = 0;
      heardAt = Date.now();
      showNotice("");
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      showNotice(strings.reconnecting);
      retries += 1;
      window.setTimeout(connect, Math.min(1000 * 2 ** retries, 10000));
    });
  }

  window.setInterval(() => {
    if (Date.now() - heardAt > SILENCE_MS && socket) socket.close();
    else send({ type: "ping" });
  }, HEARTBEAT_MS);
  window.setInterval(renderTurn, 1000);
  showNotice(strings.connecting);
  render();
  connect();
})();
