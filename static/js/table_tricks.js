// Court Piece and Pitch at the table: the trick in the middle, trump (face down while hidden),
// the suit and bid buttons the server lists live and the others greyed, tricks and scores per
// team, and the last deal's or hand's summary. Which moves are legal comes from the server.
(function () {
  "use strict";
  const Taash = window.Taash;
  const SUITS = ["S", "H", "D", "C"];
  // The variant's auction, lowest call first, as the engine lists it (GameRules.bid_ladder).
  const BIDS = JSON.parse(document.getElementById("table-rules").textContent).bids;
  // The trick's four places, as the seats sit around the felt (table.js placeOf).
  const PLACES = { bottom: "south", right: "east", top: "north", left: "west" };

  function suitOf(code) {
    return typeof code === "string" ? code.slice(-1) : null;
  }

  function teamOf(view, seat) {
    return (view.teams || []).findIndex((team) => team.includes(seat));
  }

  // The trick laid out around the middle, the reader's own seat nearest them; ``winner``, the
  // seat that won it (a completed trick only; in Double Sar the pile may wait), is marked.
  function drawTrick(api, box, trick, winner) {
    box.replaceChildren(
      ...trick.map((play) => {
        const place = PLACES[api.placeOf(play.seat)] || "south";
        const won = play.seat === winner;
        return api.el(
          "figure",
          { class: "played " + place + (play.trump ? " trump" : "") + (won ? " won" : ""), "data-card": play.card },
          Taash.cards.svg(play.card),
          api.el("figcaption", { text: api.seatName(play.seat) }, won ? api.el("span", { class: "badge won-badge", text: api.strings.won_trick }) : null),
        );
      }),
    );
  }

  // The last completed trick on request (the view's ``last_trick`` and ``last_trick_winner``,
  // public in both games): the button opens it in the middle, and it stays until closed
  // (the button, Close, Escape) or until the trick it was opened over changes, that is, the
  // next card is played.
  const lastTrick = { openedOver: null };

  function lastTrickParts(api) {
    const button = api.byId("last-trick-button");
    const panel = api.byId("last-trick");
    return button && panel ? { button, panel } : null;
  }

  function setLastTrickOpen(api, open, focus) {
    const parts = lastTrickParts(api);
    if (!parts) return;
    const view = api.frame.view || {};
    lastTrick.openedOver = open ? JSON.stringify(view.trick || []) : null;
    parts.panel.hidden = !open;
    parts.button.setAttribute("aria-expanded", String(open));
    if (open) {
      drawTrick(api, api.byId("last-trick-cards"), view.last_trick, view.last_trick_winner);
      api.byId("last-trick-winner").textContent = api.format(api.strings.trick_won_by, { seat: api.seatName(view.last_trick_winner) });
    }
    if (focus) (open ? api.byId("last-trick-close") : parts.button).focus();
  }

  function wireLastTrick(api) {
    const parts = lastTrickParts(api);
    if (!parts || parts.button.dataset.wired) return;
    parts.button.dataset.wired = "1";
    parts.button.addEventListener("click", () => setLastTrickOpen(api, parts.panel.hidden, true));
    api.byId("last-trick-close").addEventListener("click", () => setLastTrickOpen(api, false, true));
    parts.panel.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      setLastTrickOpen(api, false, true);
    });
  }

  function renderLastTrick(api) {
    const parts = lastTrickParts(api);
    if (!parts) return;
    wireLastTrick(api);
    const view = api.frame.view || {};
    const some = Boolean(view.last_trick && view.last_trick.length);
    parts.button.hidden = !some;
    const open = lastTrick.openedOver !== null;
    if (!open) return;
    if (!some || lastTrick.openedOver !== JSON.stringify(view.trick || [])) {
      // The next card is down (or the deal is dealt anew): the middle shows the play again.
      const hadFocus = parts.panel.contains(document.activeElement);
      setLastTrickOpen(api, false, false);
      if (hadFocus && some) parts.button.focus();
    } else setLastTrickOpen(api, true, false);
  }

  function choiceButtons(api, container, values, type, field, label) {
    const legal = api.legalOf(type);
    if (!container) return;
    container.hidden = !legal.length;
    container.replaceChildren(
      ...values.map((value) => {
        const action = legal.find((a) => a[field] === value);
        return api.el(
          "button",
          { type: "button", class: "choice" + (action ? " legal" : ""), disabled: !action, onclick: () => action && api.move(action) },
          label(value),
        );
      }),
    );
  }

  function trumpMark(api, view) {
    const box = api.byId("trump-mark");
    if (!box) return;
    const parts = [api.el("span", { class: "label", text: api.strings.trump })];
    if (view.trump) parts.push(Taash.cards.suit(view.trump));
    else if (view.face_down) {
      // Hidden trump: face down to the others, face up to the player who laid it.
      const down = view.face_down;
      const own = down.seat === api.frame.seat && down.card;
      parts.push(api.el("span", { class: "card-face small face-down-trump" + (own ? " own" : ""), id: "face-down-card" }, Taash.cards.svg(down.card)));
      parts.push(api.el("span", { class: "quiet", text: own ? api.strings.cp.your_face_down : api.format(api.strings.face_down_by, { seat: api.seatName(down.seat) }) }));
    } else parts.push(api.el("span", { class: "quiet", text: api.strings.not_yet }));
    box.replaceChildren(...parts);
  }

  const shared = {
    isTrump(api, code) {
      const view = api.frame.view || {};
      return Boolean(view.trump) && suitOf(code) === view.trump;
    },
    seat(api, number, item) {
      const view = api.frame.view || {};
      const team = teamOf(view, number);
      if (team >= 0) item.append(api.el("span", { class: "badge team-" + team, text: api.format(api.strings.team, { number: team + 1 }) }));
      const sizes = view.hand_sizes || [];
      if (sizes[number] !== undefined) item.append(api.el("span", { class: "seat-cards", text: api.format(api.strings.cards_count, { count: sizes[number] }) }));
    },
  };

  // Court Piece's moves other than playing a card, each a button that says what it does: pass
  // to partner or the luck card, the house features (change cards, change trump), and in
  // Hidden trump the void player's "show trump" and the caller's reveal on lead. A hidden
  // trump is laid, or changed, by choosing the card in the hand.
  const CP_BUTTONS = ["ask_trump", "reveal", "pass", "luck", "keep_cards", "change_cards", "keep_trump"];
  const HOUSE = new Set(["change_cards", "change_trump"]);

  function partnerName(api) {
    const view = api.frame.view || {};
    const team = (view.teams || []).find((seats) => seats.includes(api.frame.seat)) || [];
    const partner = team.find((seat) => seat !== api.frame.seat);
    return partner === undefined ? "" : api.seatName(partner);
  }

  function courtPieceButton(api, action) {
    const cp = api.strings.cp;
    const label = action.type === "pass" ? api.format(cp.pass, { seat: partnerName(api) }) : cp[action.type];
    const button = api.el("button", { type: "button", class: "action action-" + action.type, onclick: () => api.move(action) });
    if (HOUSE.has(action.type)) button.append(api.el("span", { class: "badge house", text: cp.house_feature }), " ");
    button.append(label);
    return button;
  }

  function suitLabel(api, suit) {
    return [Taash.cards.suit(suit), " " + api.strings.suits[suit]];
  }

  Taash.games.courtpiece = {
    ...shared,
    handles: new Set(["call", "change_trump", ...CP_BUTTONS]),
    prompt(api) {
      const cp = api.strings.cp;
      const changes = api.legalOf("change_trump");
      if (changes.some((action) => action.card)) return cp.prompt_change_hidden;
      if (changes.length) return cp.prompt_change_suit;
      if (api.legalOf("keep_trump").length) return cp.prompt_keep_trump;
      if (api.legalOf("ask_trump").length) return cp.prompt_ask_trump;
      if (api.legalOf("reveal").length) return cp.prompt_reveal;
      return "";
    },
    actions(api, buttons) {
      for (const type of CP_BUTTONS) {
        for (const action of api.legalOf(type)) buttons.push(courtPieceButton(api, action));
      }
    },
    board(api) {
      const view = api.frame.view || {};
      const trick = api.byId("trick");
      if (trick) drawTrick(api, trick, view.trick && view.trick.length ? view.trick : []);
      renderLastTrick(api);
      trumpMark(api, view);
      choiceButtons(api, api.byId("suit-choice"), SUITS, "call", "suit", (suit) => suitLabel(api, suit));
      // House feature: change trump to another suit held (an open game), before the first card.
      const change = api.byId("change-trump-choice");
      if (change) {
        const bySuit = api.legalOf("change_trump").filter((action) => action.suit);
        choiceButtons(api, change, SUITS.filter((suit) => suit !== view.trump), "change_trump", "suit", (suit) => suitLabel(api, suit));
        change.hidden = !bySuit.length;
        if (bySuit.length) change.prepend(api.el("span", { class: "badge house", text: api.strings.cp.house_feature }), api.el("span", { class: "choice-title", text: api.strings.cp.change_trump_to }));
      }
      const tricks = api.byId("tricks");
      if (tricks && view.tricks) {
        // A team's count is one piece (table_screen.css): a narrow line breaks between teams.
        tricks.replaceChildren(
          ...view.tricks.flatMap((count, team) => [
            ...(team ? [" · "] : []),
            api.el("span", { text: api.format(api.strings.team_tricks, { number: team + 1, tricks: count }) }),
          ]),
        );
      }
    },
    teamScore(api, index) {
      const view = api.frame.view || {};
      return view.target ? api.format(api.strings.of_target, { target: view.target }) : "";
    },
    summary(api) {
      const box = api.byId("summary");
      const last = (api.frame.view || {}).last_deal;
      if (!box) return;
      box.replaceChildren(
        ...(last
          ? [
              api.el("h2", { text: api.strings.last_deal }),
              api.el("p", { class: "announce kind-" + last.kind, text: api.format(api.strings.deal_outcome, { team: last.team + 1, outcome: api.strings.outcomes[last.kind] || last.kind, points: last.points }) }),
              api.el("p", { text: (last.tricks || []).map((count, team) => api.format(api.strings.team_tricks, { number: team + 1, tricks: count })).join(" · ") }),
            ]
          : []),
      );
    },
  };

  Taash.games.pitch = {
    ...shared,
    handles: new Set(["bid"]),
    board(api) {
      const view = api.frame.view || {};
      const trick = api.byId("trick");
      if (trick) drawTrick(api, trick, view.trick || []);
      renderLastTrick(api);
      trumpMark(api, view);
      choiceButtons(api, api.byId("bid-choice"), BIDS, "bid", "bid", (bid) => api.strings.words[bid] || String(bid));
      const bid = api.byId("bid-line");
      if (bid) {
        bid.textContent = view.pitcher === null || view.pitcher === undefined
          ? ""
          : api.format(api.strings.pitcher_bid, { seat: api.seatName(view.pitcher), bid: api.strings.words[view.bid] || view.bid });
      }
    },
    seat(api, number, item) {
      shared.seat(api, number, item);
      const bids = (api.frame.view || {}).bids || [];
      if (bids[number] !== null && bids[number] !== undefined) {
        item.append(api.el("span", { class: "badge", text: api.strings.bid + ": " + (api.strings.words[bids[number]] || bids[number]) }));
      }
    },
    teamScore(api) {
      const target = ((api.frame.view || {}).options || {}).target;
      return target ? api.format(api.strings.of_target, { target }) : "";
    },
    // After each hand: who took High, Low, Jack and Game, and what each team scored.
    summary(api) {
      const box = api.byId("summary");
      const last = (api.frame.view || {}).last_hand;
      if (!box) return;
      if (!last) return box.replaceChildren();
      const team = (index) => (index === null || index === undefined ? "—" : api.format(api.strings.team, { number: index + 1 }));
      const rows = ["high", "low", "jack", "game"].map((key) =>
        api.el("tr", {}, api.el("th", { scope: "row", text: api.strings.points_names[key] }), api.el("td", { text: team(last[key]) })),
      );
      box.replaceChildren(
        api.el("h2", { text: api.format(api.strings.hand_summary, { number: last.hand }) }),
        api.el("p", { text: api.format(api.strings.pitcher_bid, { seat: api.seatName(last.pitcher), bid: api.strings.words[last.bid] || last.bid }) + " · " + (last.made ? api.strings.made : api.strings.set_back) }),
        api.el("table", { class: "score-table hand-summary" }, api.el("tbody", {}, rows,
          api.el("tr", {}, api.el("th", { scope: "row", text: api.strings.scored }), api.el("td", { text: last.scored.map((points, index) => team(index) + ": " + points).join(" · ") })))),
      );
    },
  };
})();
