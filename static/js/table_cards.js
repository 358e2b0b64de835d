// Cards as the server draws them: every face, the back and the four suits are drawn once per
// page by games/web/templatetags/table_tags.py (card_templates), each in a <template>, named
// for screen readers in the reader's language; this only clones them. A code the page has no
// face for (null, "?") is a card's back, so no card pattern lives here.
(function () {
  "use strict";

  function clone(id) {
    const template = document.getElementById(id);
    return template ? template.content.firstElementChild.cloneNode(true) : null;
  }

  // An <svg> card; anything that is not a card's code is drawn face down.
  function svg(code) {
    return (typeof code === "string" && clone("face-" + code)) || clone("face-down");
  }

  // A card as a chip of text, rank and suit, for lines of text (table_tags.card_chip).
  function chip(code) {
    return (typeof code === "string" && clone("chip-" + code)) || clone("chip-face-down");
  }

  function isCard(value) {
    return typeof value === "string" && document.getElementById("face-" + value) !== null;
  }

  // A suit alone, for trump marks and suit buttons.
  function suit(letter) {
    return clone("suit-mark-" + letter);
  }

  // A number as the page writes it: a true minus sign, and the number kept left to right
  // (an isolate) so that Urdu's right-to-left line shows "−37", never "37-".
  function number(value) {
    if (typeof value !== "number" || value >= 0) return String(value);
    return "\u2066\u2212" + Math.abs(value) + "\u2069";
  }

  // A line of the server's word list with its values; a line with a count in it comes in
  // both its forms (games/words/table_page.py, _plural): the one for 1, the other otherwise.
  function format(template, values) {
    const line = typeof template === "object" && template !== null
      ? (values[template.count] === 1 ? template.one : template.other)
      : template;
    return line.replace(/%\((\w+)\)s/g, (_, key) => number(values[key]));
  }

  window.Taash = window.Taash || { games: {} };
  window.Taash.cards = { svg, chip, suit, format, isCard, number };
})();
