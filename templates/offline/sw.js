// The service worker (games/web/offline.py serves it at /sw.js, scope "/"): on install it
// caches what offline play needs (the offline pages, the table's scripts, Pyodide's runtime and
// the packed engine), under a name that changes with them. Pages are fetched from the network
// first and kept; with no network a page comes from the cache, and any other page of the site
// falls back to the offline page. Static files come from the cache first.
const SETTINGS = {{ settings_json|safe }};
const CACHE = "taash-offline-" + SETTINGS.version;
const PAGES = new Set(SETTINGS.urls.filter((url) => !url.startsWith("/static/")));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SETTINGS.urls)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("taash-offline-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The offline pages are kept in the language the player last read the site in: a page that
// comes back in another language has them fetched again.
async function languageSeen(response) {
  const seen = response.headers.get("Content-Language");
  const cache = await caches.open(CACHE);
  const kept = await cache.match(SETTINGS.offline);
  if (!seen || !kept || kept.headers.get("Content-Language") === seen) return;
  await Promise.all([...PAGES].map((url) => fetch(url).then((page) => page.ok && cache.put(url, page))));
}

async function page(request) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok && PAGES.has(url.pathname)) {
      const cache = await caches.open(CACHE);
      await cache.put(url.pathname, response.clone());
    }
    if (response.ok) languageSeen(response);
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    return (await cache.match(url.pathname)) || (await cache.match(SETTINGS.offline));
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (PAGES.has(url.pathname) || url.pathname.startsWith("/static/")) {
    event.respondWith(
      caches.match(url.pathname).then((cached) => cached || fetch(request)),
    );
  }
});

// A reminder the site pushed (accounts/notices/push.py), already in the member's language:
// shown with its words; a tap focuses a tab of the site already at its link, or opens one.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {}; // not ours: shown with no words rather than dropped (the browser insists)
  }
  event.waitUntil(
    self.registration.showNotification(data.title || "", {
      body: data.body || "",
      tag: data.tag,
      icon: SETTINGS.icon,
      data: { url: data.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) url = new URL("/", self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url.href);
      return open ? open.focus() : self.clients.openWindow(url.href);
    }),
  );
});
