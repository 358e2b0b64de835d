// The browser tells the site its time zone (issue 33): a visitor's pages are shown in it from
// the next page on (accounts.profiles.middleware; India's until then). A member's choice on
// their profile wins over it. Sign-up's zone list starts at the browser's zone.
// Asking the browser its zone (the first Intl.DateTimeFormat) holds a slow phone's main thread
// ~100 ms (4x CPU throttling, bench/bench_phone.py): a tap meanwhile waits (issue 30, a tap's
// next frame within 100 ms). So on the pages without the zone list a worker asks it
// (zone_worker.js), started once the page is drawn and idle; only the cookie is written here.
(function () {
  "use strict";

  function tellZone(zone) {
    // Zone names are letters, digits and _ + - /: nothing a cookie must escape.
    if (/^[A-Za-z0-9_+\/-]{1,64}$/.test(zone) && !document.cookie.split("; ").includes(`tz=${zone}`)) {
      document.cookie = `tz=${zone}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
    }
  }

  const asked = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  const workerScript = document.currentScript && document.currentScript.dataset.worker;

  function askWorker() {
    if (!window.Worker || !workerScript) {
      tellZone(asked());
      return;
    }
    const worker = new Worker(workerScript);
    worker.addEventListener("message", (event) => {
      tellZone(String(event.data));
      worker.terminate();
    });
  }

  const zoneFields = document.querySelectorAll("select[data-browser-zone]");
  if (zoneFields.length) {
    const zone = asked();
    tellZone(zone);
    for (const field of zoneFields) {
      if ([...field.options].some((option) => option.value === zone)) field.value = zone;
    }
  } else if (window.requestIdleCallback) {
    window.requestIdleCallback(askWorker, { timeout: 2000 });
  } else {
    window.setTimeout(askWorker, 500);
  }
})();
