// The table's chat: draws the lines the table socket sends (chat_history, chat, chat_deleted),
// sends typed lines and quick phrases as the server's codes, and shows the server's refusals.
// Every name and line is set as text (textContent), never as markup. A quick phrase arrives
// already in this reader's language. table.js hands this file each frame first. A ban's
// refusal reloads the page, which then says why and until when.
(function () {
  "use strict";
  const Taash = (window.Taash = window.Taash || { games: {} });
  const box = document.getElementById("chat");
  if (!box) return;
  const strings = JSON.parse(document.getElementById("chat-strings").textContent);
  const lines = document.getElementById("chat-lines");
  const notice = document.getElementById("chat-notice");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-text");
  const SHOWN = 100;
  let moderator = false;
  let send = null;

  function say(text) {
    if (notice) notice.textContent = text;
  }

  function reportUrl(line) {
    // A private table's invite goes along: the server lets only readers of the line report it.
    const invite = box.dataset.invite ? "?invite=" + encodeURIComponent(box.dataset.invite) : "";
    return box.dataset.reportUrl.replace(/1\/report\/$/, line + "/report/") + invite;
  }

  function lineItem(line) {
    const item = document.createElement("li");
    item.dataset.line = line.line;
    if (line.mine) item.classList.add("mine");
    if (line.phrase) item.classList.add("phrase");
    const author = document.createElement("bdi");
    author.className = "chat-author";
    author.textContent = line.author;
    const text = document.createElement("bdi");
    text.className = "chat-text";
    text.textContent = line.text;
    item.append(author, ": ", text);
    if (moderator && line.room === "spectators") item.classList.add("spectators");
    if (!line.mine && form) {
      const report = document.createElement("a");
      report.className = "chat-report";
      report.href = reportUrl(line.line);
      report.textContent = strings.report;
      item.append(" ", report);
    }
    if (moderator) {
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "chat-delete link";
      remove.textContent = strings.delete;
      remove.addEventListener("click", () => send && send({ type: "chat_delete", line: line.line }));
      item.append(" ", remove);
    }
    return item;
  }

  function add(line) {
    if (lines.querySelector(`[data-line="${line.line}"]`)) return;
    lines.append(lineItem(line));
    while (lines.children.length > SHOWN) lines.firstElementChild.remove();
    lines.scrollTop = lines.scrollHeight;
  }

  // "Report a player" lists the other members seated, by seat, from each frame: it shows as
  // soon as someone sits down, without a reload.
  const reportBox = document.getElementById("table-report");
  const reportSeat = document.getElementById("table-report-seat");

  function reportable(frame) {
    if (!reportBox || !reportSeat) return;
    const others = frame.seats.filter((seat) => seat.name && !seat.bot && seat.seat !== frame.seat);
    const listed = [...reportSeat.options].map((option) => option.value + ":" + option.textContent);
    const wanted = others.map((seat) => seat.seat + ":" + seat.name);
    if (listed.join("\n") !== wanted.join("\n")) {
      const chosen = reportSeat.value;
      reportSeat.replaceChildren(
        ...others.map((seat) => {
          const option = document.createElement("option");
          option.value = String(seat.seat);
          option.textContent = seat.name;
          return option;
        }),
      );
      if (wanted.some((item) => item.startsWith(chosen + ":"))) reportSeat.value = chosen;
    }
    reportBox.hidden = others.length === 0;
  }

  // Whether the frame was the chat's: table.js leaves it alone then.
  function receive(api, message) {
    send = api.send;
    if (message.type === "state") {
      reportable(message);
      return false;
    }
    if (message.type === "chat_history") {
      moderator = message.moderator;
      lines.replaceChildren();
      message.lines.forEach(add);
      return true;
    }
    if (message.type === "chat") {
      add(message);
      say("");
      return true;
    }
    if (message.type === "chat_deleted") {
      const gone = lines.querySelector(`[data-line="${message.line}"]`);
      if (gone) gone.remove();
      return true;
    }
    // Banned: the page's next load says why and until when (the server ends the session).
    if (message.type === "error" && message.code === "banned") {
      window.location.reload();
      return true;
    }
    if (message.type === "error" && (message.code.startsWith("chat_") || message.code === "not_moderator")) {
      say(message.message);
      return true;
    }
    return false;
  }

  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text || !send) return;
      send({ type: "chat", text });
      input.value = "";
    });
    box.querySelectorAll("[data-phrase]").forEach((button) => {
      button.addEventListener("click", () => send && send({ type: "chat", phrase: button.dataset.phrase }));
    });
  }

  // The socket (re)opened: ask for the room's last lines.
  function opened(api) {
    send = api.send;
    send({ type: "chat_history" });
  }

  Taash.chat = { receive, opened };
})();
