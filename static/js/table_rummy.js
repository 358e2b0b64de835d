// Rummy at the table: the closed deck and the open pile, the hand arranged in groups by
// dragging or tapping, each group labelled and the status line (RM-28) as the server judges
// the layout ({"type": "arrange"}: never a move), the Sort button (the engine's best layout),
// discard, declare with the card chosen to put aside, and drop with what it costs now.
(function () {
  "use strict";
  const Taash = window.Taash;
  let groups = []; // the player's own layout: lists of card codes, kept on this device
  let judged = null; // the server's answer for the layout it judged
  let asked = "";
  let timer = null;
  let retriedAt = null; // the frame version of the last layout asked again after a refusal
  // The card on its way to the open pile, by place: two decks deal twins (RM-2), and the copy
  // the player chose is the one that leaves the layout, not the first of its code.
  let leaving = null;

  // A card's place in the layout, "group:position", is its key in the selection and in a drag.
  function keyOf(group, position) {
    return group + ":" + position;
  }

  function placeOf(key) {
    const [group, position] = String(key).split(":").map(Number);
    return { group, position };
  }

  function codeAt(key) {
    const { group, position } = placeOf(key);
    return (groups[group] || [])[position];
  }

  function count(cards, code) {
    return cards.filter((card) => card === code).length;
  }

  // The layout is kept in localStorage, so that it outlives a closed tab or a browser restart
  // (an offline match resumes exactly, issue 23); the frame names the table, an offline one too.
  const KEPT = "taash-arrange-";
  const KEPT_DAYS = 3;

  function storageKey(api) {
    const view = api.frame.view || {};
    return KEPT + api.frame.table + "-" + view.deal;
  }

  function kept(api) {
    try {
      return JSON.parse(window.localStorage.getItem(storageKey(api)) || "{}").groups || [];
    } catch (error) {
      return [];
    }
  }

  function keep(api) {
    const layout = groups.filter((group) => group.length);
    try {
      window.localStorage.setItem(storageKey(api), JSON.stringify({ at: Date.now(), groups: layout }));
    } catch (error) {
      // A full or refused store only costs the layout after a restart.
    }
  }

  // Layouts of deals long over are dropped, so the store does not grow with every table played.
  function forgetOld() {
    const before = Date.now() - KEPT_DAYS * 86400 * 1000;
    try {
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith(KEPT))
        .forEach((key) => {
          let at = 0;
          try {
            at = JSON.parse(window.localStorage.getItem(key)).at || 0;
          } catch (error) {
            at = 0;
          }
          if (at < before) window.localStorage.removeItem(key);
        });
    } catch (error) {
      // No store: nothing kept, nothing to forget.
    }
  }
  forgetOld();

  // The layout follows the hand: cards gone leave their group, new cards form a group at the end.
  function reconcile(api) {
    const hand = (api.frame.view && api.frame.view.hand) || [];
    if (!groups.length) groups = kept(api);
    // The discarded copy leaves from where the player took it, once the hand shows it gone.
    if (leaving) {
      const held = count(hand, leaving.code);
      if (held < count(groups.flat(), leaving.code)) {
        const { group, position } = placeOf(leaving.key);
        if (codeAt(leaving.key) === leaving.code) groups[group].splice(position, 1);
        leaving = null;
      } else if (!held) leaving = null;
    }
    const left = [...hand];
    groups = groups
      .map((group) =>
        group.filter((code) => {
          const at = left.indexOf(code);
          if (at < 0) return false;
          left.splice(at, 1);
          return true;
        }),
      )
      .filter((group) => group.length);
    if (left.length) groups.push(left);
    keep(api);
  }

  function ask(api, message) {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => api.send(message), 120);
  }

  function judge(api) {
    if (api.frame.seat === null || !api.frame.view || !(api.frame.view.hand || []).length) return;
    asked = JSON.stringify(groups);
    ask(api, { type: "arrange", groups });
  }

  function changed(api) {
    keep(api);
    groups = groups.filter((group) => group.length);
    judge(api);
    api.rerender();
  }

  // Cards moved by place (``keys``) to group ``target`` (null: a new group at the end), put
  // before the card at ``before`` in it (by default after its last card).
  function moveCards(api, keys, target, before = null) {
    const places = keys.map(placeOf).filter(({ group, position }) => (groups[group] || [])[position] !== undefined);
    const cards = places.map(({ group, position }) => groups[group][position]);
    const gone = new Set(places.map(({ group, position }) => keyOf(group, position)));
    // The place to insert at counts only the cards that stay in the target group.
    const at = before === null ? null : (groups[target] || []).slice(0, before).filter((_code, p) => !gone.has(keyOf(target, p))).length;
    groups = groups.map((group, g) => group.filter((_code, p) => !gone.has(keyOf(g, p))));
    if (target === null || target >= groups.length) groups.push(cards);
    else groups[target].splice(at === null ? groups[target].length : at, 0, ...cards);
    api.selection.clear();
    changed(api);
  }

  // Dragging a card to another group, with a finger, a pen or a mouse alike (Pointer Events:
  // the card's button captures the pointer, the hand has touch-action: none). The card follows
  // the pointer once it has gone DRAG_PX (less is a tap, which selects it), and lands in the
  // group under the pointer, before the card it is over, or over the "+" in a new group. A
  // selected card takes the other selected cards with it.
  const DRAG_PX = 8;
  let drag = null;
  let dragEnded = 0; // when a drag last ended: the click that follows its release is no tap

  function dropPlace(event) {
    const under = document.elementsFromPoint(event.clientX, event.clientY).find((node) => !drag.button.contains(node) && node.closest("#hand .group"));
    const box = under && under.closest("#hand .group");
    if (!box) return null;
    if (box.classList.contains("new-group")) return { box, target: null, before: null };
    const cards = [...box.querySelectorAll(".card-button")].filter((card) => card !== drag.button);
    const next = cards.find((card) => {
      const place = card.getBoundingClientRect();
      return event.clientX < place.left + place.width / 2;
    });
    return { box, target: Number(box.dataset.group), before: next ? placeOf(next.dataset.key).position : null };
  }

  function dragMarked(box) {
    document.querySelectorAll("#hand .drop-target").forEach((node) => node !== box && node.classList.remove("drop-target"));
    if (box) box.classList.add("drop-target");
  }

  function dragBegin(api, event, button, key) {
    if (!event.isPrimary || event.button !== 0 || api.root.classList.contains("waiting")) return;
    drag = { api, button, key, code: codeAt(key), id: event.pointerId, x: event.clientX, y: event.clientY, moving: false };
    button.setPointerCapture(event.pointerId);
  }

  function dragMove(event) {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < DRAG_PX) return;
      drag.moving = true;
      drag.button.classList.add("dragging");
    }
    drag.button.style.transform = `translate(${dx}px, ${dy}px)`;
    const place = dropPlace(event);
    dragMarked(place && place.box);
  }

  function dragEnd(event, dropped) {
    if (!drag || event.pointerId !== drag.id) return;
    const { api, button, key, code, moving } = drag;
    const place = moving && dropped ? dropPlace(event) : null;
    drag = null;
    dragMarked(null);
    button.classList.remove("dragging");
    button.style.transform = "";
    if (!moving) return;
    dragEnded = event.timeStamp;
    // The layout may have changed under the drag (a new frame): the card must still be there.
    if (!place || codeAt(key) !== code) {
      api.rerender();
      return;
    }
    const keys = api.selection.has(key) ? selected(api) : [key];
    moveCards(api, keys, place.target, place.before);
  }

  window.addEventListener("pointermove", dragMove);
  window.addEventListener("pointerup", (event) => dragEnd(event, true));
  window.addEventListener("pointercancel", (event) => dragEnd(event, false));
  // A mouse's release of a drag is followed by a click on the card: it is not a tap. A finger's
  // drag makes no click, so the next touch forgets the drag.
  window.addEventListener("pointerdown", () => (dragEnded = 0), true);
  window.addEventListener(
    "click",
    (event) => {
      if (dragEnded && event.timeStamp - dragEnded < 600 && event.target.closest && event.target.closest("#hand")) {
        event.stopPropagation();
        event.preventDefault();
      }
      dragEnded = 0;
    },
    true,
  );

  // The selected places, in the order of the layout.
  function selected(api) {
    return [...api.selection.keys()].sort((a, b) => {
      const [x, y] = [placeOf(a), placeOf(b)];
      return x.group - y.group || x.position - y.position;
    });
  }

  function discardable(api, code) {
    return api.legalOf("discard").find((action) => action.card === code);
  }


  // Is the layout on the page the one the server judged last?
  function judgedNow() {
    return JSON.stringify(groups) === (judged && JSON.stringify(judged.groups));
  }

  // How group ``index`` shows: as the server judged it, or pending while it judges.
  function groupLook(api, index, live) {
    if (!live) return { kind: "pending", label: api.strings.group, mark: "…" };
    return { kind: judged.kinds[index], label: judged.labels[index], mark: judged.labels[index] };
  }

  function statusShown(api, live) {
    const status = api.byId("arrange-status");
    if (status) status.textContent = live ? judged.status : "";
  }

  // The server's judgement of the layout the page shows: the groups' looks and the status line
  // change in place, and the moves (a valid show, the drop's cost). Drawing the whole hand again
  // for them cost a slow phone ~50 ms, often in the first tap after a draw, whose layout is
  // judged just then (bench/bench_phone.py). False where the hand on the page is another layout
  // (then it is drawn again).
  function relabelled(api) {
    const boxes = [...api.root.querySelectorAll("#hand .group[data-group]")];
    const same = (box, index) =>
      [...box.querySelectorAll(".card-button")].map((card) => card.dataset.card).join() === groups[index].join();
    if ((drag && drag.moving) || boxes.length !== groups.length || !boxes.every(same)) return false;
    const live = judgedNow();
    boxes.forEach((box, index) => {
      const look = groupLook(api, index, live);
      box.className = "group kind-" + look.kind;
      box.setAttribute("aria-label", look.label);
      box.querySelector(".group-mark").textContent = look.mark;
    });
    statusShown(api, live);
    api.rerender(false);
    return true;
  }

  const rummy = {
    handles: new Set(["draw", "discard", "declare", "drop"]),

    state(api) {
      reconcile(api);
      judge(api);
    },

    cardAt(api, key) {
      return codeAt(key);
    },

    // A tap selects a card; the buttons then group, discard or put it aside. Only the card
    // and the moves change: the hand is not drawn again (a slow phone answers the tap sooner).
    cardClicked(api, code, key) {
      api.toggle(key, code);
      const button = api.root.querySelector(`#hand .card-button[data-key="${CSS.escape(key)}"]`);
      if (!button) {
        api.rerender();
        return true;
      }
      const chosen = api.selection.get(key) === code;
      button.classList.toggle("selected", chosen);
      button.setAttribute("aria-pressed", String(chosen));
      api.renderActions();
      return true;
    },

    hand(api, container) {
      reconcile(api);
      // A card being dragged keeps its button: the hand is drawn again when it lands.
      if (drag && drag.moving && drag.button.isConnected) return true;
      api.pruneSelection();
      const live = judgedNow();
      container.classList.add("groups");
      container.replaceChildren(
        ...groups.map((group, index) => {
          const look = groupLook(api, index, live);
          const box = api.el(
            "div",
            { class: "group kind-" + look.kind, role: "group", "aria-label": look.label, "data-group": index },
            // The group's mark is also where tapped cards go (tap-then-tap): a thumb's size
            // of button around the small mark (table.css).
            api.el(
              "button",
              {
                type: "button",
                class: "group-label",
                title: api.strings.move_here,
                onclick: () => api.selection.size && moveCards(api, selected(api), index),
              },
              api.el("span", { class: "group-mark", text: look.mark }),
            ),
          );
          group.forEach((code, position) => {
            const key = keyOf(index, position);
            const button = api.cardButton(code, { key, toggle: true, always: true, neutral: true, onclick: (c, k) => rummy.cardClicked(api, c, k) });
            button.classList.remove("dimmed");
            if (api.frame.legal.some((a) => a.type === "discard") && !discardable(api, code)) button.classList.add("dimmed");
            button.addEventListener("pointerdown", (event) => dragBegin(api, event, button, key));
            box.append(button);
          });
          return box;
        }),
        // Only a pointer drops a card here (a reader's cards go by the groups' buttons): its
        // words are hidden from the list box of cards.
        api.el(
          "div",
          { class: "group new-group", "aria-hidden": "true" },
          api.strings.new_group_drop,
        ),
      );
      statusShown(api, live);
      return true;
    },

    board(api) {
      const view = api.frame.view || {};
      const closed = api.byId("closed-deck");
      const open = api.byId("open-pile");
      if (!closed || !open) return;
      const fromClosed = api.legalOf("draw").find((a) => a.source === "closed");
      const fromOpen = api.legalOf("draw").find((a) => a.source === "open");
      closed.disabled = !fromClosed;
      closed.onclick = () => fromClosed && api.move(fromClosed);
      closed.replaceChildren(
        // What a tap does, said first; the words seen follow it in the button's name.
        api.el("span", { class: "visually-hidden", text: closed.dataset.label + ": " }),
        Taash.cards.svg(null),
        api.el("span", { class: "count", text: api.format(api.strings.closed_deck, { count: view.closed_count }) }),
      );
      // The open pile is offered only when the server lists it (never a joker on top, RM-7).
      open.disabled = !fromOpen;
      open.onclick = () => fromOpen && api.move(fromOpen);
      open.replaceChildren(
        api.el("span", { class: "visually-hidden", text: open.dataset.label + ": " }),
        view.open_top ? Taash.cards.svg(view.open_top) : api.el("span", { class: "empty-pile" }),
        api.el("span", { class: "count", text: api.format(api.strings.open_pile, { count: view.open_count }) }),
      );
      const wild = api.byId("wild-card");
      if (wild) {
        wild.replaceChildren(
          view.wild_card ? Taash.cards.svg(view.wild_card) : "",
          api.el("span", { class: "count", text: api.strings.wild_joker }),
        );
      }
    },

    seat(api, number, item) {
      const seat = ((api.frame.view || {}).seats || [])[number];
      if (!seat) return;
      item.append(api.el("span", { class: "seat-cards", text: api.format(api.strings.cards_count, { count: seat.cards }) }));
      if (seat.status !== "playing") item.append(api.el("span", { class: "badge", text: api.strings.statuses[seat.status] || seat.status }));
    },

    actions(api, buttons) {
      const chosen = selected(api);
      const oneKey = chosen.length === 1 ? chosen[0] : null;
      const one = oneKey === null ? null : codeAt(oneKey);
      if (api.frame.seat !== null && (api.frame.view.hand || []).length) {
        buttons.push(
          api.el("button", { type: "button", class: "secondary", id: "sort-button", onclick: () => api.send({ type: "arrange", sort: true }), text: api.strings.sort }),
          api.el("button", { type: "button", class: "secondary", id: "group-button", disabled: !chosen.length, onclick: () => moveCards(api, chosen, null), text: api.strings.group_selected }),
        );
      }
      if (api.legalOf("discard").length) {
        const action = one && discardable(api, one);
        const discard = () => {
          if (!action) return;
          leaving = { key: oneKey, code: one };
          api.selection.clear();
          api.move(action);
        };
        buttons.push(api.el("button", { type: "button", class: "action action-discard", disabled: !action, onclick: discard }, api.strings.actions.discard, action ? api.describe({ type: "", card: one }, {}) : ""));
      }
      if (api.legalOf("declare").length) {
        // The card put aside leaves the layout by its place: its twin, if any, stays grouped.
        const layout = groups
          .map((group, g) => group.filter((_code, p) => keyOf(g, p) !== oneKey))
          .filter((g) => g.length);
        const declare = { type: "declare", discard: one, groups: layout };
        // The server judged this layout: is the selected card one whose putting aside leaves a
        // valid show (valid_asides)? Anything else asks first, naming a wrong show's cost.
        const live = judged && JSON.stringify(groups) === JSON.stringify(judged.groups);
        const valid = live && oneKey !== null && (judged.valid_asides || []).some(([g, p]) => keyOf(g, p) === oneKey);
        const cost = (judged && judged.wrong_show_cost) || 0;
        const onclick = () => {
          if (!one) return;
          if (valid) api.move(declare);
          else api.confirmFirst(api.format(api.strings.confirm_wrong_show, { points: cost }), api.strings.declare_anyway, () => api.move(declare));
        };
        const label = !one ? api.strings.declare_aside : valid ? api.strings.declare_valid : api.strings.declare_wrong;
        buttons.push(api.el("button", { type: "button", class: "action action-declare " + (valid ? "valid-show" : "secondary wrong-show"), disabled: !one, title: api.strings.declare_hint, onclick }, label));
      }
      const drop = api.legalOf("drop")[0];
      if (drop) {
        const cost = judged && judged.drop_cost;
        const label = cost ? api.format(api.strings.drop_cost, { points: cost }) : api.strings.actions.drop;
        const onclick = () => (cost ? api.confirmFirst(api.format(api.strings.confirm_drop, { points: cost }), api.strings.drop_now, () => api.move(drop)) : api.move(drop));
        buttons.push(api.el("button", { type: "button", class: "action action-drop secondary", onclick }, label));
      }
    },

    message(api, message) {
      if (message.type !== "arrangement") return;
      if (message.sorted) {
        groups = message.groups;
        api.selection.clear();
        keep(api);
        // Counted on the page, so that a reader (or a test) can tell the Sort button's answer
        // has been laid out, whatever the layout it gave.
        api.root.dataset.sorted = String(Number(api.root.dataset.sorted || 0) + 1);
      } else if (JSON.stringify(message.groups) !== asked) {
        return; // an answer to a layout the player has changed since
      }
      judged = message;
      if (message.sorted || !relabelled(api)) api.rerender();
    },

    error(api, message) {
      // The layout and the hand crossed on the way (a move landed meanwhile): lay the hand out
      // as the latest frame shows it and ask once more; a newer frame asks again anyway. Without
      // this, a page waiting for its player would keep a stale answer (the drop's old cost).
      if (message.code === "not_your_hand") {
        if (retriedAt !== api.frame.version) {
          retriedAt = api.frame.version;
          reconcile(api);
          judge(api);
        }
        return true;
      }
      leaving = null; // a refused discard: the card stays where it was
      return false;
    },

    summary(api) {
      const box = api.byId("summary");
      const view = api.frame.view || {};
      if (!box) return;
      if (!view.last_deal) {
        box.replaceChildren();
        return;
      }
      box.replaceChildren(
        api.el("h2", { text: api.strings.last_deal }),
        ...view.last_deal.map((shown) =>
          api.el(
            "div",
            { class: "shown-hand", "data-seat": shown.seat },
            api.el("h3", { text: api.seatName(shown.seat) + " · " + (api.strings.outcomes[shown.outcome] || shown.outcome) + " · " + api.format(api.strings.points, { points: shown.points }) }),
            api.el(
              "div",
              { class: "groups" },
              shown.groups.map((group, index) =>
                api.el("div", { class: "group kind-" + shown.kinds[index] }, api.el("span", { class: "group-label", text: api.strings.kinds[shown.kinds[index]] || "" }), group.map((code) => api.el("span", { class: "card-face", "data-card": code }, Taash.cards.svg(code))))),
              shown.ungrouped.length ? api.el("div", { class: "group kind-invalid" }, api.el("span", { class: "group-label", text: api.strings.ungrouped }), shown.ungrouped.map((code) => api.el("span", { class: "card-face", "data-card": code }, Taash.cards.svg(code)))) : null,
            ),
          ),
        ),
      );
    },
  };
  Taash.games.rummy = rummy;
})();
