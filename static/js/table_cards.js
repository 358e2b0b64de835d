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

  function isCard(value) {
    return typeof value === "string" && document.getElementById("face-" + value) !== null;
  }

  // A suit alone, for trump marks and suit buttons.
  function suit(letter) {
    return clone("suit-mark-" + letter);
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
  }

  window.Taash = window.Taash || { games: {} };
  window.Taash.cards = { svg, suit, format, isCard };
})();
