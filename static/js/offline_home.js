// The offline pages: whether the network is there (the banner says so), and on the offline
// page the choice of a new match (game, variant, seats, each bot's level), kept in IndexedDB
// for the table's worker to deal, and the unfinished matches to carry on.
import { matchPut, matchesAll } from "./offline_store.js";

// navigator.onLine only knows of a network interface: a request the service worker leaves to
// the network (a HEAD) tells whether the site answers.
const state = document.getElementById("network-state");
async function network() {
  let online = navigator.onLine;
  if (online) {
    try {
      await fetch("/sw.js", { method: "HEAD", cache: "no-store" });
    } catch (error) {
      online = false;
    }
  }
  if (state) state.textContent = online ? state.dataset.online : state.dataset.offline;
  document.documentElement.classList.toggle("offline", !online);
}
window.addEventListener("online", network);
window.addEventListener("offline", network);
network();

// How much this device keeps for offline play (the service worker's cache), in MB.
const kept = document.getElementById("offline-bytes");
if (kept && "caches" in window) {
  (async () => {
    let bytes = 0;
    for (const name of await caches.keys()) {
      if (!name.startsWith("taash-offline-")) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) bytes += (await (await cache.match(request)).blob()).size;
    }
    kept.dataset.bytes = String(bytes);
    kept.textContent = kept.dataset.template.replace("SIZE", (bytes / 1e6).toFixed(1));
    kept.hidden = bytes === 0;
  })();
}

const home = document.getElementById("offline-home");
if (home) {
  const setup = JSON.parse(document.getElementById("offline-setup").textContent);
  const words = JSON.parse(document.getElementById("offline-words").textContent);
  const byId = (id) => document.getElementById(id);
  const format = (text, values) => text.replace(/%\((\w+)\)s/g, (_all, key) => values[key]);
  const gameOf = (slug) => setup.games.find((game) => game.slug === slug);
  const tableUrl = (slug) => home.dataset.tableUrl.replace("GAME", slug);

  function options(select, items) {
    select.replaceChildren(...items.map(([value, label]) => new Option(label, value)));
  }

  function variantChosen() {
    const game = gameOf(byId("offline-game").value);
    const variant = game.variants.find((item) => item.code === byId("offline-variant").value);
    const [low, high] = variant.seats;
    const seats = [];
    for (let count = low; count <= high; count += 1) seats.push([count, String(count)]);
    const before = Number(byId("offline-seats").value);
    options(byId("offline-seats"), seats);
    if (before >= low && before <= high) byId("offline-seats").value = String(before);
    seatsChosen();
  }

  function seatsChosen() {
    const box = byId("offline-bots");
    const legend = box.querySelector("legend");
    const template = byId("offline-bot");
    const rows = [];
    for (let seat = 1; seat < Number(byId("offline-seats").value); seat += 1) {
      const row = template.content.firstElementChild.cloneNode(true);
      const select = row.querySelector("select");
      select.id = "offline-bot-" + seat;
      select.name = "bot-" + seat;
      const label = row.querySelector("label");
      label.htmlFor = select.id;
      label.textContent = format(words.seat, { number: seat + 1 });
      rows.push(row);
    }
    box.replaceChildren(legend, ...rows);
  }

  function gameChosen() {
    const game = gameOf(byId("offline-game").value);
    options(byId("offline-variant"), game.variants.map((item) => [item.code, item.name]));
    variantChosen();
  }

  byId("offline-game").addEventListener("change", gameChosen);
  byId("offline-variant").addEventListener("change", variantChosen);
  byId("offline-seats").addEventListener("change", seatsChosen);
  byId("offline-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = byId("offline-game").value;
    const levels = [""];
    for (let seat = 1; seat < Number(byId("offline-seats").value); seat += 1) levels.push(byId("offline-bot-" + seat).value);
    await matchPut(game, { game, variant: byId("offline-variant").value, levels });
    window.location.assign(tableUrl(game));
  });
  gameChosen();

  matchesAll().then((matches) => {
    const list = byId("offline-resume-list");
    const unfinished = matches.filter(([, record]) => record.format && !record.over);
    list.replaceChildren(
      ...unfinished.map(([slug, record]) => {
        const game = gameOf(slug);
        const variant = game.variants.find((item) => item.code === record.variant);
        const values = { game: game.name, variant: variant ? variant.name : record.variant, version: record.moves.length };
        const link = document.createElement("a");
        link.href = tableUrl(slug);
        link.textContent = format(words.resume, values);
        const item = document.createElement("li");
        item.append(link);
        return item;
      }),
    );
    byId("offline-resume").hidden = unfinished.length === 0;
  });
}
