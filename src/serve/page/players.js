// The players' menus: each side is a human, a named strength (easy, medium, strong:
// a player spec the server chose and timed for this game on this machine, shown with
// the time a move takes), or a custom spec typed in.  The spec itself lives in the
// side's text field (`data-player`), shown only for custom: what the page sends.

const $ = (sel) => document.querySelector(sel);

let levels = [];          // GET /api/sessions/ID/levels: [{name, player, seconds}]
let changed = () => {};   // called when a side's player changes
let api = null;

export function setupPlayers(hooks) {
  api = hooks.api;
  changed = hooks.changed;
}

// The spec of a side's player ("human" when none is chosen).
export function playerOf(side) {
  const input = $(`#players [data-player="${CSS.escape(side)}"]`);
  return input ? input.value.trim() || "human" : "human";
}

// "about 4 s a move", "at once", as a person reads it.
function timeText(seconds) {
  if (seconds < 0.05) return "at once";
  const s = seconds < 1 ? seconds.toFixed(1) : String(Math.round(seconds));
  return `about ${s} s a move`;
}

// What a custom spec takes, where its words say so.
function customTime(spec) {
  if (spec === "human") return "";
  if (spec === "random" || spec === "greedy") return "at once";
  const timed = /^alphabeta:([0-9.]+)s$/.exec(spec);
  if (timed) return timeText(Number(timed[1]));
  // playouts: at the rate the levels were timed at
  const playouts = /^mcts:([0-9]+)$/.exec(spec);
  const timedLevel = levels.find((l) => /^mcts:[0-9]+$/.test(l.player));
  if (playouts && timedLevel) {
    return timeText(Number(playouts[1]) * timedLevel.seconds / Number(timedLevel.player.slice(5)));
  }
  return "the time depends on the game: the levels above are timed";
}

// The menu's choice for a spec: a level whose spec it is, human, or custom.
function choiceOf(spec) {
  if (spec === "human") return "human";
  const level = levels.find((l) => l.player === spec);
  return level ? level.name : "custom";
}

// Shows what a side's choice means: the spec and its time, or the custom field.
function describe(side) {
  const row = $(`#players [data-side="${CSS.escape(side)}"]`);
  const menu = row.querySelector("select");
  const input = row.querySelector("input");
  const level = levels.find((l) => l.name === menu.value);
  input.hidden = menu.value !== "custom";
  row.querySelector(".level-time").textContent = level
    ? `${level.player}, ${timeText(level.seconds)}`
    : menu.value === "custom" ? customTime(input.value.trim()) : "";
}

function fillMenu(menu) {
  const chosen = menu.value;
  menu.innerHTML = "";
  const add = (value, text) => {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    menu.append(o);
  };
  add("human", "Human");
  for (const l of levels) add(l.name, `Computer: ${l.name}`);
  add("custom", "Computer: custom…");
  menu.value = [...menu.options].some((o) => o.value === chosen) ? chosen : "human";
}

function addSide(box, side) {
  const row = document.createElement("div");
  row.className = "player";
  row.dataset.side = side;
  const label = document.createElement("label");
  label.textContent = `${side}: `;
  const menu = document.createElement("select");
  menu.setAttribute("aria-label", `${side}'s player`);
  menu.dataset.level = side;
  fillMenu(menu);
  const input = document.createElement("input");
  input.dataset.player = side;
  input.value = "human";
  input.hidden = true;
  input.setAttribute("aria-label", `${side}'s player spec`);
  input.placeholder = "alphabeta:2s";
  input.title = "human, random, greedy, alphabeta:N (plies), alphabeta:Ns (seconds), mcts:N (playouts), mcts:Ns (seconds), or rave:N, rave:Ns (MCTS with RAVE)";
  const time = document.createElement("small");
  time.className = "level-time";
  menu.addEventListener("change", () => {
    const level = levels.find((l) => l.name === menu.value);
    if (menu.value === "human") input.value = "human";
    else if (level) input.value = level.player;
    else if (input.value === "human" || levels.some((l) => l.player === input.value)) input.value = "";
    describe(side);
    if (menu.value === "custom" && input.value === "") { input.focus(); return; }
    changed();
  });
  // a spec typed (or set by a script): the menu follows it
  input.addEventListener("change", () => {
    menu.value = choiceOf(input.value.trim() || "human");
    describe(side);
    changed();
  });
  label.append(menu);
  row.append(label, " ", input, " ", time);
  box.append(row);
}

// Draws the menus of game `s`'s players: new menus for a new game (its levels are
// asked for once), the choices kept while the game goes on.
export function showPlayers(s) {
  const box = $("#players");
  if (box.dataset.game !== String(s.id)) {
    box.dataset.game = String(s.id);
    box.innerHTML = "";
    box.dataset.levels = "loading";
    levels = [];
    loadLevels(s.id);
  }
  for (const side of s.players) {
    if (!box.querySelector(`[data-side="${CSS.escape(side)}"]`)) addSide(box, side);
  }
}

async function loadLevels(id) {
  const box = $("#players");
  let got = [];
  try { got = (await api("GET", `/api/sessions/${id}/levels`)).levels; }
  catch (e) { box.dataset.levels = `failed: ${e.message}`; }
  if (box.dataset.game !== String(id)) return;
  levels = got;
  for (const row of box.querySelectorAll("[data-side]")) {
    const menu = row.querySelector("select");
    const input = row.querySelector("input");
    fillMenu(menu);
    menu.value = choiceOf(input.value.trim() || "human");
    describe(row.dataset.side);
  }
  if (box.dataset.levels === "loading") box.dataset.levels = "ready";
}
