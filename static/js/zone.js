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
  const QUIET_MS = 3000;

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
  } else if (document.body.classList.contains("playing")) {
    afterQuiet(askWorker);
  } else {
    idle(askWorker);
  }

  function idle(work) {
    if (window.requestIdleCallback) window.requestIdleCallback(work, { timeout: 2000 });
    else window.setTimeout(work, 500);
  }

  // At a table in play the first idle moment often comes just before the player's first tap,
  // and the worker started then (a thread of its own and the zone data, on a phone's other
  // core) slowed that tap (issue 30, Figures: traced at 4x CPU throttling, the worker was busy
  // 12-46 ms inside 4 of 18 first taps). There it waits for a pause in play: 3 s untouched.
  function afterQuiet(work) {
    let timer = null;
    const wait = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(done, QUIET_MS);
    };
    const done = () => {
      document.removeEventListener("pointerdown", wait, true);
      document.removeEventListener("keydown", wait, true);
      idle(work);
    };
    document.addEventListener("pointerdown", wait, true);
    document.addEventListener("keydown", wait, true);
    wait();
  }
})();
