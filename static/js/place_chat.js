// A place's chat room (a tournament's): its own socket, /ws/chat/<kind>/<key>/, whose frames
// table_chat.js draws as it draws a table's. Asks for the room's last lines each time the
// socket opens, and opens it again after a drop, waiting longer each time (at most 30 s).
(function () {
  "use strict";
  const box = document.getElementById("chat");
  const Taash = window.Taash;
  if (!box || !box.dataset.socket || !Taash || !Taash.chat) return;
  let wait = 1000;

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + window.location.host + box.dataset.socket);
    const api = { send: (message) => socket.readyState === 1 && socket.send(JSON.stringify(message)) };
    socket.addEventListener("open", () => {
      wait = 1000;
      Taash.chat.opened(api);
    });
    socket.addEventListener("message", (event) => Taash.chat.receive(api, JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (event.code === 4003) return; // shut out (banned): the next page load says why
      window.setTimeout(connect, wait);
      wait = Math.min(wait * 2, 30000);
    });
  }

  connect();
})();
