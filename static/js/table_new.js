// The new-table form shows as many seat pickers as the seats chosen (the server uses no more).
(function () {
  "use strict";
  const count = document.getElementById("id_seat_count");
  if (!count) return;
  function follow() {
    const seats = Number(count.value);
    document.querySelectorAll(".seat-picker").forEach((picker) => {
      picker.hidden = Number(picker.dataset.seat) > seats;
    });
  }
  count.addEventListener("change", follow);
  follow();
})();
