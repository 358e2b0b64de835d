// The cue that a match has started, for a member waiting at an open table's page, perhaps in
// another tab: the page's title says so until they touch the page again, and a short chime
// sounds, made with the Web Audio API (no sound file), unless they muted it with the page's
// Sound button (remembered in localStorage).
(function () {
  "use strict";
  const MUTED = "taash-sound-muted";
  const strings = JSON.parse(document.getElementById("table-strings").textContent);
  let audio = null;

  function muted() {
    try {
      return window.localStorage.getItem(MUTED) === "1";
    } catch (error) {
      return false; // storage refused (a private window): sound stays on
    }
  }

  function remember(isMuted) {
    try {
      if (isMuted) window.localStorage.setItem(MUTED, "1");
      else window.localStorage.removeItem(MUTED);
    } catch (error) {
      // storage refused: the choice lasts as long as the page
    }
  }

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

  function titled(text) {
    const plain = document.title;
    document.title = text + " · " + plain;
    const back = () => {
      document.title = plain;
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
      remember(!muted());
      showToggle();
      if (!muted()) wake();
    });
  }
  document.addEventListener("pointerdown", wake, { once: true });
  document.addEventListener("keydown", wake, { once: true });

  window.Taash = window.Taash || { games: {} };
  window.Taash.cue = {
    matchStarted() {
      titled(strings.match_started);
      chime();
    },
  };
})();
