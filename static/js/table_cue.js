// The cue that a match has started or that it is the member's turn, for a member whose page
// may be in another tab: the page's title says so until they touch the page again, a short
// chime sounds, made with the Web Audio API (no sound file), unless they muted it with the
// page's Sound button (remembered in localStorage), and, if they allowed it with the page's
// Notify button, the browser shows a notification while the page is hidden.
(function () {
  "use strict";
  const MUTED = "taash-sound-muted";
  const VIBRATE = "taash-vibrate";
  const strings = JSON.parse(document.getElementById("table-strings").textContent);
  let audio = null;

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

  const muted = () => chosen(MUTED);

  // A browser lets a page sound only once someone has used it: the audio context is made at
  // the first touch or key on the page, so that the chime can sound when the match starts.
  function wake() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  }

  // Two soft notes, a fifth apart, fading out within half a second.
  function chime() {
    const context = muted() ? null : wake();
    if (!context) return;
    const start = context.currentTime + 0.02;
    [659.25, 987.77].forEach((frequency, index) => {
      const at = start + index * 0.16;
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
      tone.connect(volume).connect(context.destination);
      tone.start(at);
      tone.stop(at + 0.4);
    });
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
      if (!muted()) wake();
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

  // Making the audio context takes a slow phone tens of milliseconds: it is made just after
  // the frame that answers the first touch or key (the page's activation lasts that long), so
  // that the first tap on a card is answered at once; a later touch resumes a context the
  // browser suspended.
  function wakeSoon() {
    if (audio) {
      wake();
      return;
    }
    window.requestAnimationFrame(() => window.setTimeout(wake, 0));
  }
  document.addEventListener("click", wakeSoon);
  document.addEventListener("keydown", wakeSoon);

  window.Taash = window.Taash || { games: {} };
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
