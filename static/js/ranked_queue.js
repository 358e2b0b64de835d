// The ranked queue's page: when a table forms for the member (the status part, swapped in by
// htmx every few seconds, carries data-offer), the page's title says so, the site's chime
// sounds (chime.js, loaded before this: muted with the table page's Sound button) and, if the
// member allowed the site's notifications, the browser shows one while the page is hidden; a
// member who allowed Web Push on their reminders page is pushed too (games.ranked.services),
// with the page closed. Once per table formed.
(function () {
  "use strict";
  const { chime } = window.Taash.sound;
  const title = document.title;
  let cued = null;

  function check() {
    const status = document.getElementById("queue-status");
    const offer = status && status.dataset.offer;
    if (!offer) {
      document.title = title;
      return;
    }
    document.title = status.dataset.offerTitle;
    if (cued === offer) return;
    cued = offer;
    chime();
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(status.dataset.offerTitle);
    }
  }

  document.addEventListener("htmx:afterSwap", check);
  document.addEventListener("DOMContentLoaded", check);
})();
