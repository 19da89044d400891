// The side panels: each folds and unfolds by its title, and stays as the reader left
// it (in this browser's storage, for every game); on a phone's width a first visit
// opens only the panels a game is played with, the board coming first.

const KEY = "ludolog.panels";
const PLAYED_WITH = ["panel-move", "panel-history", "panel-players"];

// Opens or folds each `details.panel` as it was left, and remembers each fold.
export function setupPanels() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    saved = {};
  }
  const narrow = window.matchMedia("(max-width: 700px)").matches;
  // the toggles this setup causes come in a task of their own: they are not the reader's
  let settled = false;
  setTimeout(() => { settled = true; }, 0);
  for (const panel of document.querySelectorAll("details.panel")) {
    if (typeof saved[panel.id] === "boolean") {
      panel.open = saved[panel.id];
    } else if (narrow) {
      panel.open = PLAYED_WITH.includes(panel.id);
    }
    panel.addEventListener("toggle", () => {
      if (!settled) return;
      saved[panel.id] = panel.open;
      try {
        localStorage.setItem(KEY, JSON.stringify(saved));
      } catch {
        // no storage here: the folds last as long as the page
      }
    });
  }
}
