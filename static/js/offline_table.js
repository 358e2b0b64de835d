// The offline table's transport (table.js takes it in place of the socket): the engine runs in
// a Web Worker (/offline/worker.js, Pyodide) and answers the frames the server's socket sends,
// from the match kept on this device. Nothing goes to the server.
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  window.Taash = window.Taash || { games: {} };
  const words = JSON.parse(document.getElementById("offline-strings").textContent);
  const variants = JSON.parse(document.getElementById("offline-variants").textContent);

  window.Taash.transport = function (receive, api) {
    let worker = null;
    const unsent = [];

    // The moves of a resumed match, as table.js lists a frame's last move.
    function listed(moves) {
      const list = api.byId("moves");
      if (!list) return;
      list.replaceChildren(
        ...moves.reverse().map((move) => api.el("li", { "data-version": move.version }, api.seatName(move.seat) + ": " + move.text)),
      );
    }

    function heard(event) {
      const message = event.data;
      if (message.type === "frame") {
        root.dataset.engine = "ready";
        root.dataset.version = message.frame.version;
        document.getElementById("offline-variant").textContent = variants[message.frame.variant] || "";
        receive(message.frame);
      } else if (message.type === "reply") receive(message.reply);
      else if (message.type === "recent") listed(message.moves);
      else if (message.type === "none") window.location.assign(root.dataset.choose);
      else if (message.type === "ready") console.info("offline engine ready in " + Math.round(message.ms) + " ms");
      else if (message.type === "bot") console.info("bot decision " + message.level + " " + message.ms.toFixed(1) + " ms");
      else if (message.type === "failed") {
        console.error("offline engine: " + message.text);
        api.showNotice(message.text);
      }
    }

    return {
      start() {
        api.showNotice(words.starting);
        worker = new Worker(root.dataset.worker, { type: "module" });
        worker.addEventListener("message", heard);
        worker.postMessage({ type: "open", game: root.dataset.game, language: document.documentElement.lang });
        unsent.splice(0).forEach((message) => worker.postMessage(message));
      },
      send(message) {
        // The heartbeat is the socket's: the worker is always there.
        if (message.type === "ping") return;
        if (worker) worker.postMessage(message);
        else unsent.push(message);
      },
    };
  };
})();
