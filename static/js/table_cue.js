// The cue that a match has started or that it is the member's turn, for a member whose page
// may be in another tab: the page's title says so until they touch the page again, the site's
// chime sounds (chime.js, loaded before this) unless they muted it with the page's Sound
// button, and, if they allowed it with the page's Notify button, the browser shows a
// notification while the page is hidden.
(function () {
  "use strict";
  const { MUTED, muted, chime } = window.Taash.sound;
  const VIBRATE = "taash-vibrate";
  const strings = JSON.parse(document.getElementById("table-strings").textContent);

  // A choice kept in localStorage: sound muted, vibration on.
  function chosen(key) {
    try {
      return window.localStorage.getItem(key) === "1";
    } catch (error) {
      return false; // storage refused (a private window): sound on, no vibration
    }
  }

  function remember(key, on) {
    try {
      if (on) window.localStorage.setItem(key, "1");
      else window.localStorage.removeItem(key);
    } catch (error) {
      // storage refused: the choice lasts as long as the page
    }
  }

  let plainTitle = null;
  function titled(text) {
    if (plainTitle !== null) return; // already telling: one cue until the page is touched
    plainTitle = document.title;
    const plain = plainTitle;
    document.title = text + " · " + plain;
    const back = () => {
      document.title = plain;
      plainTitle = null;
      document.removeEventListener("pointerdown", back);
      document.removeEventListener("keydown", back);
    };
    document.addEventListener("pointerdown", back);
    document.addEventListener("keydown", back);
  }

  const toggle = document.getElementById("sound-toggle");
  function showToggle() {
    toggle.textContent = muted() ? strings.sound_off : strings.sound_on;
    toggle.hidden = false;
  }
  if (toggle) {
    showToggle();
    toggle.addEventListener("click", () => {
      remember(MUTED, !muted());
      showToggle();
    });
  }
  // A short buzz when the turn comes to the player, on a phone that can, if they turned it on
  // (issue 30, point 4): off until then.
  const buzz = document.getElementById("vibrate-toggle");
  function showBuzz() {
    buzz.textContent = chosen(VIBRATE) ? strings.vibrate_on : strings.vibrate_off;
    buzz.setAttribute("aria-pressed", String(chosen(VIBRATE)));
    buzz.hidden = false;
  }
  if (buzz && typeof navigator.vibrate === "function") {
    showBuzz();
    buzz.addEventListener("click", () => {
      remember(VIBRATE, !chosen(VIBRATE));
      showBuzz();
    });
  }
  function vibrate() {
    if (chosen(VIBRATE) && typeof navigator.vibrate === "function") navigator.vibrate(200);
  }

  // Browser notifications: asked for only when the member presses Notify (a browser refuses
  // a page that asks unprompted), shown only while the page is hidden.
  const notify = document.getElementById("notify-toggle");
  function notificationsOn() {
    return "Notification" in window && window.Notification.permission === "granted";
  }
  if (notify && "Notification" in window && window.Notification.permission === "default") {
    notify.textContent = strings.notify_ask;
    notify.hidden = false;
    notify.addEventListener("click", () => {
      window.Notification.requestPermission().then(() => {
        notify.hidden = true;
      });
    });
  }
  function notified(text) {
    if (!document.hidden || !notificationsOn()) return;
    try {
      const note = new window.Notification(text, { body: document.title, tag: "taash-turn" });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    } catch (error) {
      // a browser that shows notifications only from a service worker: title and chime do
    }
  }

  window.Taash.cue = {
    matchStarted() {
      titled(strings.match_started);
      chime();
      notified(strings.match_started);
    },
    // The member's turn came: a buzz if they asked for one; told when the page is out of
    // sight (another tab, a phone's screen off); a player looking at the table hears nothing.
    yourTurn() {
      vibrate();
      if (!document.hidden) return;
      titled(strings.your_turn);
      chime();
      notified(strings.your_turn);
    },
  };
})();
