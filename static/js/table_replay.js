// A replay on the table's own page: the page shows one step (drawn by table.js from the
// step's frame, every hand open); the arrow keys and the slider go to another step. In Urdu
// the timeline runs right to left, as the slider does.
(function () {
  "use strict";
  const slider = document.getElementById("replay-step");
  if (slider) slider.addEventListener("change", () => slider.form.submit());
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
    const rtl = document.documentElement.dir === "rtl";
    const keys = { ArrowRight: rtl ? "replay-previous" : "replay-next", ArrowLeft: rtl ? "replay-next" : "replay-previous", Home: "replay-first", End: "replay-last" };
    const link = keys[event.key] && document.getElementById(keys[event.key]);
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });
})();
