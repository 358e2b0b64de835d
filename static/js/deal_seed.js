// Verifiable deals (games/tables/seeds.py): a form that takes a seat sends a seed of this
// browser's own, 32 bytes from crypto.getRandomValues in hex, which the server mixes into
// the match's generator at its start. Filled as the form is sent, so that forms drawn later
// (the seat list is redrawn from each frame) get one too.
document.addEventListener(
  "submit",
  (event) => {
    const field = event.target.querySelector("input[name=client_seed]");
    if (!field || field.value) return;
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    field.value = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  },
  true,
);
