// The offline match kept on this device (IndexedDB "taash", store "matches", one record per
// game under its slug): the engine's state and moves after every move, so that a reload, a
// browser or a phone restart resumes it exactly. Used by the worker and the offline page.
const DB = "taash";
const STORE = "matches";

function opened() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(transaction, request) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve(request ? request.result : undefined);
    transaction.onerror = () => reject(transaction.error);
  });
}

export async function matchGet(game) {
  const db = await opened();
  const transaction = db.transaction(STORE, "readonly");
  return done(transaction, transaction.objectStore(STORE).get(game));
}

export async function matchPut(game, record) {
  const db = await opened();
  const transaction = db.transaction(STORE, "readwrite");
  transaction.objectStore(STORE).put(record, game);
  return done(transaction);
}

export async function matchDelete(game) {
  const db = await opened();
  const transaction = db.transaction(STORE, "readwrite");
  transaction.objectStore(STORE).delete(game);
  return done(transaction);
}

export async function matchesAll() {
  const db = await opened();
  const transaction = db.transaction(STORE, "readonly");
  const store = transaction.objectStore(STORE);
  const keys = store.getAllKeys();
  const values = store.getAll();
  await done(transaction);
  return keys.result.map((key, index) => [key, values.result[index]]);
}
