// Every page registers the service worker (/sw.js, served with the whole site as its scope):
// it keeps what offline play needs, so the installed site opens without a network. Once it
// is active (everything cached), the page is marked data-offline-ready.
// Except a table in play: the worker's first install fetches and stores the offline runtime
// (Pyodide and the engine, ~13 MB) in the page's first seconds, and a slow phone's first card
// tap waited behind it (issue 30, Figures: traced at 4x CPU throttling, the worker's thread
// and the browser's own busy 50-120 ms inside the slowest taps, most of them before the tap
// reached the page). The worker any other page registered controls the table all the same.
if ("serviceWorker" in navigator && !document.body.classList.contains("playing")) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" });
    navigator.serviceWorker.ready.then(() => {
      document.documentElement.dataset.offlineReady = "true";
    });
  });
}
