// The ranked queue's page: when a table forms for the member (the status part, swapped in by
// htmx every few seconds, carries data-offer), the page's title says so, a short chime sounds
// (Web Audio, no sound file; muted with the table page's Sound button, the same setting) and,
// if the member allowed the site's notifications, the browser shows one while the page is
// hidden. Once per table formed.
(function () {
  "use strict";
  const MUTED = "taash-sound-muted";
  const title = document.title;
  let cued = null;
  let audio = null;

  function muted() {
    try {
      return window.localStorage.getItem(MUTED) === "1";
    } catch (error) {
      return false;
    }
  }

  function wake() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  }

  function chime() {
    const context = wake();
    if (!context || muted()) return;
    [660, 990].forEach((frequency, index) => {
      const start = context.currentTime + index * 0.15;
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.4);
      tone.connect(gain).connect(context.destination);
      tone.start(start);
      tone.stop(start + 0.4);
    });
  }

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

  document.addEventListener("pointerdown", wake, { once: true });
  document.addEventListener("keydown", wake, { once: true });
  document.addEventListener("htmx:afterSwap", check);
  document.addEventListener("DOMContentLoaded", check);
})();
