// Cards as SVG from the page's sprite (templates/games/table/_card_sprite.html), the same
// markup as the server's card_svg filter (games/templatetags/table_tags.py), named for
// screen readers in the reader's language.
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const CARD = /^(10|[2-9JQKA])([SHDC])$/;

  function element(name, attributes) {
    const node = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, value);
    return node;
  }

  function use(id, x, y, size) {
    return element("use", { href: "#" + id, x, y, width: size, height: size });
  }

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
  }

  // The words a screen reader says for a card code ("10 of hearts"); null for no card.
  function name(code, strings) {
    if (code === "PJ") return strings.joker;
    const parts = CARD.exec(code || "");
    if (!parts) return strings.face_down;
    return format(strings.card_name, {
      rank: strings.ranks[parts[1]] || parts[1],
      suit: strings.suits[parts[2]],
    });
  }

  // An <svg> card; a code that is no card (null, "?") is drawn face down.
  function svg(code, strings) {
    const parts = CARD.exec(code || "");
    const node = element("svg", { viewBox: "0 0 60 84", role: "img", "aria-label": name(code, strings) });
    node.classList.add("card-svg");
    if (code === "PJ") {
      node.classList.add("joker");
      node.append(element("rect", { class: "face", x: 1, y: 1, width: 58, height: 82, rx: 5 }));
      node.append(use("joker-star", 12, 18, 36));
      const word = element("text", { class: "joker-word", x: 30, y: 72, "text-anchor": "middle" });
      word.textContent = "JOKER";
      node.append(word);
    } else if (!parts) {
      node.classList.add("back");
      node.append(element("use", { href: "#card-back", width: 60, height: 84 }));
    } else {
      node.classList.add("suit-" + parts[2]);
      node.append(element("rect", { class: "face", x: 1, y: 1, width: 58, height: 82, rx: 5 }));
      const rank = element("text", { class: "rank", x: 5, y: 17 });
      rank.textContent = parts[1];
      node.append(rank, use("suit-" + parts[2], 5, 21, 11), use("suit-" + parts[2], 18, 34, 34));
    }
    return node;
  }

  // A suit alone, for trump marks and suit buttons.
  function suit(letter, strings) {
    const node = element("svg", { viewBox: "0 0 100 100", role: "img", "aria-label": strings.suits[letter] });
    node.classList.add("suit-svg", "suit-" + letter);
    node.append(element("use", { href: "#suit-" + letter, width: 100, height: 100 }));
    return node;
  }

  window.Taash = window.Taash || { games: {} };
  window.Taash.cards = { svg, name, suit, format, isCard: (code) => CARD.test(code) || code === "PJ" };
})();
