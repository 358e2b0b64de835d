// A finished daily deal's "Share your result": the phone's share sheet where the browser has
// one, else the text and the link copied. The words are the server's, in the reader's
// language; no card is in them (the deal stays secret until its day is over).
(function () {
  "use strict";
  const button = document.getElementById("daily-share");
  if (!button || !(navigator.share || navigator.clipboard)) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    const text = button.dataset.text;
    const url = button.dataset.url;
    if (navigator.share) {
      navigator.share({ text, url }).catch(() => {});
      return;
    }
    navigator.clipboard.writeText(`${text} ${url}`).then(() => {
      button.textContent = button.dataset.copied;
    });
  });
})();
