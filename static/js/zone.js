// The browser tells the site its time zone (issue 33): a visitor's pages are shown in it from
// the next page on (accounts.profiles.middleware; India's until then). A member's choice on
// their profile wins over it. Sign-up's zone list starts at the browser's zone.
// Asking the browser its zone (Intl) costs a slow phone tens of milliseconds: on the pages
// without the zone list it is asked once the page is drawn and idle, not before the page's own
// scripts run.
(function () {
  "use strict";

  function tellZone() {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    // Zone names are letters, digits and _ + - /: nothing a cookie must escape.
    if (/^[A-Za-z0-9_+\/-]{1,64}$/.test(zone) && !document.cookie.split("; ").includes(`tz=${zone}`)) {
      document.cookie = `tz=${zone}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
    }
    return zone;
  }

  const zoneFields = document.querySelectorAll("select[data-browser-zone]");
  if (zoneFields.length) {
    const zone = tellZone();
    for (const field of zoneFields) {
      if ([...field.options].some((option) => option.value === zone)) field.value = zone;
    }
  } else if (window.requestIdleCallback) {
    window.requestIdleCallback(tellZone, { timeout: 2000 });
  } else {
    window.setTimeout(tellZone, 500);
  }
})();
