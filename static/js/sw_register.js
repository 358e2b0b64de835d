// Every page registers the service worker (/sw.js, served with the whole site as its scope):
// it keeps what offline play needs, so the installed site opens without a network. Once it
// is active (everything cached), the page is marked data-offline-ready.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" });
    navigator.serviceWorker.ready.then(() => {
      document.documentElement.dataset.offlineReady = "true";
    });
  });
}
