// Rummy's layout: the player's own groups of cards, kept on this device and following the hand.
// A card's place in it, "group:position", is its key in the selection and in a drag: two decks
// deal twins (RM-2), so a code alone does not say which copy the player means.

export const layout = {
  groups: [], // lists of card codes, in the player's order
  // The card on its way to the open pile, by place: the copy the player chose is the one that
  // leaves the layout, not the first of its code.
  leaving: null,
};

export function keyOf(group, position) {
  return group + ":" + position;
}

export function placeOf(key) {
  const [group, position] = String(key).split(":").map(Number);
  return { group, position };
}

export function codeAt(key) {
  const { group, position } = placeOf(key);
  return (layout.groups[group] || [])[position];
}

function count(cards, code) {
  return cards.filter((card) => card === code).length;
}

// The selected places, in the order of the layout.
export function selected(api) {
  return [...api.selection.keys()].sort((a, b) => {
    const [x, y] = [placeOf(a), placeOf(b)];
    return x.group - y.group || x.position - y.position;
  });
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

// What was written last: the layout is reconciled at every frame and drawing, and writing it
// again unchanged each time cost a synchronous store call on the main thread and kept the
// browser's store of the page's writes busy (it commits them in batches, later the more come).
let written = null;

export function keep(api) {
  const groups = layout.groups.filter((group) => group.length);
  const value = storageKey(api) + JSON.stringify(groups);
  if (value === written) return;
  written = value;
  try {
    window.localStorage.setItem(storageKey(api), JSON.stringify({ at: Date.now(), groups }));
  } catch (error) {
    // A full or refused store only costs the layout after a restart.
  }
}

// Layouts of deals long over are dropped, so the store does not grow with every table played.
export function forgetOld() {
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

// The layout follows the hand: cards gone leave their group, new cards form a group at the end.
export function reconcile(api) {
  const hand = (api.frame.view && api.frame.view.hand) || [];
  if (!layout.groups.length) layout.groups = kept(api);
  // The discarded copy leaves from where the player took it, once the hand shows it gone.
  const leaving = layout.leaving;
  if (leaving) {
    const held = count(hand, leaving.code);
    if (held < count(layout.groups.flat(), leaving.code)) {
      const { group, position } = placeOf(leaving.key);
      if (codeAt(leaving.key) === leaving.code) layout.groups[group].splice(position, 1);
      layout.leaving = null;
    } else if (!held) layout.leaving = null;
  }
  const left = [...hand];
  layout.groups = layout.groups
    .map((group) =>
      group.filter((code) => {
        const at = left.indexOf(code);
        if (at < 0) return false;
        left.splice(at, 1);
        return true;
      }),
    )
    .filter((group) => group.length);
  if (left.length) layout.groups.push(left);
  keep(api);
}
