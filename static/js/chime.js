// The site's one chime, for a member whose page may be in another tab: the table's cue (a match
// started, their turn: table_cue.js) and the ranked queue's (a table formed: ranked_queue.js).
// Two soft notes, a fifth apart, made with the Web Audio API (no sound file), unless the member
// muted it with the table page's Sound button (remembered in localStorage).
(function () {
  "use strict";
  const MUTED = "taash-sound-muted";
  let audio = null;

  function muted() {
    try {
      return window.localStorage.getItem(MUTED) === "1";
    } catch (error) {
      return false; // storage refused (a private window): sound on
    }
  }

  // Making the audio context holds a slow phone's main thread 145-157 ms (4x CPU throttling,
  // bench/bench_phone.py): made on a tap, or just after one, it kept the next tap waiting
  // (issue 30, Figures). So it is made only when a chime is due (a frame from the server, never
  // a tap), in an idle moment. A browser lets it sound once the page has been used: Chromium
  // and Firefox, any touch or key on the page since it loaded; Safari, a context resumed during
  // one, which wake() does on each touch or key (cheap: the context exists then).
  function made(then) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (audio) {
      wake();
      then(audio);
      return;
    }
    const make = () => {
      audio = new Context();
      // Each touch or key from now on wakes it (Safari's rule): listened for only once there
      // is a context. Listened for from the start, its first call, for nothing, took up to
      // 13 ms of a slow phone's first card tap (4x CPU throttling, issue 30).
      document.addEventListener("click", wake);
      document.addEventListener("keydown", wake);
      wake();
      then(audio);
    };
    if (window.requestIdleCallback) window.requestIdleCallback(make, { timeout: 1000 });
    else window.setTimeout(make, 0);
  }

  function wake() {
    if (audio.state === "suspended") audio.resume().catch(() => {});
  }

  function sounded(context) {
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

  function chime() {
    if (!muted()) made(sounded);
  }

  window.Taash = window.Taash || { games: {} };
  window.Taash.sound = { MUTED, muted, chime };
})();
