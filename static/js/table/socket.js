// The table's socket and its reconnects: every frame the server sends goes to the page's
// receiver; what the player did while the socket was not open waits and goes when it opens;
// a silent socket is closed and opened again, further apart each time. A page may bring its
// own transport in place of the socket, answering the same frames (offline_table.js: the
// engine in a Web Worker).
import { Taash, api, game, root, strings, table } from "./state.js";
import { showNotice } from "./notify.js";

const HEARTBEAT_MS = 20000;
const SILENCE_MS = 45000;

let socket = null;
let transport = null;
let retries = 0;
let heardAt = Date.now();
// What the player did while the socket was not open (the page shows the table it was served
// with, or it is reconnecting), the latest of each kind: a move, the Sort button. It goes
// as soon as the socket opens, where the server checks a move's version.
let unsent = [];

function socketOpen() {
  return socket !== null && socket.readyState === WebSocket.OPEN;
}

export function send(message) {
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
  socket.addEventListener("message", (event) => hear(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    // A move that went out over this socket may be lost with it: the table as the next socket
    // first shows it ends the wait (a move still held here goes when it opens, and is answered).
    if (table.waiting && !unsent.some((held) => held.type === "move")) table.sentAt = null;
    showNotice(strings.reconnecting);
    retries += 1;
    window.setTimeout(connect, Math.min(1000 * 2 ** retries, 10000));
  });
}

let hear = null;

// Sets the line to the server up (the socket, or the page's own transport): each message
// heard goes to ``receive``. Nothing is opened before ``start``.
export function listen(receive) {
  hear = (message) => {
    heardAt = Date.now();
    receive(message);
  };
  window.setInterval(() => {
    if (!root.dataset.socket) return;
    if (Date.now() - heardAt > SILENCE_MS && socket) socket.close();
    else if (socketOpen()) send({ type: "ping" });
  }, HEARTBEAT_MS);
  transport = Taash.transport ? Taash.transport(hear, api) : null;
}

// A replay's page has no socket: it shows the one step it was served with.
export function start() {
  if (transport) {
    showNotice(strings.connecting);
    transport.start();
  } else if (root.dataset.socket) {
    showNotice(strings.connecting);
    connect();
  }
}
