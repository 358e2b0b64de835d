// The offline table's engine (games/web/offline.py serves this module worker, the one script
// allowed to compile WebAssembly): Pyodide runs games/engine, its bots and games/words, packed
// in engine.zip (games.offline.build), through games/offline/browser.py. It answers the table
// page's frames as the server's socket would, plays the bots' turns, and keeps the match in
// IndexedDB after every move.
import { loadPyodide } from "{{ pyodide }}";
import { matchGet, matchPut } from "{{ store }}";

const SETTINGS = {{ settings_json|safe }};
// A bot waits this long before it moves, as at a table, so the player sees each move.
const BOT_PAUSE_MS = 400;
let python = null;
let game = null;
let language = "en";
let busy = Promise.resolve();

async function engine() {
  const started = performance.now();
  const indexURL = SETTINGS.files["pyodide.mjs"].replace(/[^/]*$/, "");
  const pyodide = await loadPyodide({ indexURL });
  const archive = await (await fetch(SETTINGS.engine)).arrayBuffer();
  pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide/taash" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/taash')");
  const browser = pyodide.pyimport("games.offline.browser");
  postMessage({ type: "ready", ms: performance.now() - started });
  return browser;
}

const call = (name, ...args) => JSON.parse(python[name](...args));

async function kept(answer) {
  if (answer.record) await matchPut(game, answer.record);
  return answer;
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function botsPlay() {
  for (;;) {
    await pause(BOT_PAUSE_MS);
    const answer = await kept(call("bot_move", language));
    if (!answer.frame) return;
    postMessage({ type: "bot", level: answer.level, ms: answer.ms });
    postMessage({ type: "frame", frame: answer.frame });
  }
}

async function opened(message) {
  game = message.game;
  language = message.language;
  python = python || (await engine());
  const record = await matchGet(game);
  if (!record) return postMessage({ type: "none" });
  const answer = await kept(call("open_table", JSON.stringify(record), language));
  if (answer.refused) return postMessage({ type: "none", refused: answer.refused });
  postMessage({ type: "frame", frame: answer.frame });
  postMessage({ type: "recent", moves: answer.recent });
  await botsPlay();
}

async function handled(message) {
  if (message.type === "open") return opened(message);
  if (!python) return;
  if (message.type === "move") {
    const answer = await kept(call("move", JSON.stringify(message.action), message.version, language));
    if (answer.error) return postMessage({ type: "reply", reply: answer.error });
    postMessage({ type: "frame", frame: answer.frame });
    await botsPlay();
  } else if (message.type === "arrange") {
    postMessage({ type: "reply", reply: call("arrange", JSON.stringify(message), language).reply });
  } else if (message.type === "sync") {
    postMessage({ type: "frame", frame: call("frame", language).frame });
  }
}

// One message at a time, in order: a move waits for the bots' replies to the one before.
onmessage = (event) => {
  busy = busy.then(() => handled(event.data)).catch((error) => postMessage({ type: "failed", text: String(error) }));
};
