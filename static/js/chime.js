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

  // A browser lets a page sound only once someone has used it: the audio context is made at
  // the first touch or key on the page, so that the chime can sound later.
  function wake() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  }

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
  window.Taash.sound = { MUTED, muted, wake, chime };
})();
