// The board page's history: the moves numbered by turn (1. a1 b2  2. …), as the
// record numbers them; a click on one (or ← → Home End ↑ ↓, or the buttons under the
// list) shows the position after it without taking a move back, clearly marked,
// until "Back to the game" (or End).  A move played on a position looked at is
// played from there: the later moves are dropped, as Undo back to it and a move
// would.  The game and its record stay as played until then.

const $ = (sel) => document.querySelector(sel);

let hooks = null;    // what the page lends: game() (its state), draw(board), api, say
let viewed = null;   // the state of the position looked at (`at`: after how many moves), or null
let wanted = null;   // the move asked for last, while it is on its way
let asked = 0;       // counts the walks: only the last one asked is drawn

// The position looked at (a state whose `at` says after how many of the game's
// moves), or null: the board shows the game now.
export function viewing() { return viewed; }

// Where the board is: after how many of the game's moves.
function here() {
  const s = hooks.game();
  if (wanted !== null) return wanted;
  return viewed ? viewed.at : s ? s.moves.length : 0;
}

// Back to the game now, without drawing it (the caller draws what comes next).
export function leave() {
  leaveQuietly();
  mark(hooks.game());
}

function leaveQuietly() {
  viewed = null;
  wanted = null;
  asked++;
}

// A new state of the game came: the position looked at stays (Lichess keeps it as
// the game goes on) if the game still passes through it, else the page is back at
// the game.  Draws the list and the marks; says whether the board stays as it is.
export function follow(s) {
  // (rule files reloaded: the position looked at was drawn by the old ones)
  if (s.note) leaveQuietly();
  if (viewed && !sameLine(viewed, s)) {
    // (a walk on its way stays: it is checked against the game when it comes)
    viewed = null;
  }
  list(s);
  mark(s);
  return viewed !== null;
}

// Whether the game `s` still has the position `v` looked at, reached the same way.
function sameLine(v, s) {
  return v.id === s.id && v.start === s.start && v.at < s.moves.length
    && v.moves.slice(0, v.at).every((m, i) => s.moves[i] === m);
}

// Shows the position after the game's first `k` moves; at the last one, the game.
export async function walkTo(k) {
  const s = hooks.game();
  if (!s) return;
  const to = Math.max(0, Math.min(k, s.moves.length));
  if (to === here()) return;
  const ticket = ++asked;
  if (to === s.moves.length) {
    const was = viewed;
    viewed = null;
    wanted = null;
    mark(s);
    if (was) hooks.draw(s);
    return;
  }
  wanted = to;
  mark(s);
  try {
    const v = await hooks.api("GET", `/api/sessions/${s.id}?at=${to}`);
    if (ticket !== asked) return;
    // the game may have gone on meanwhile (a computer's move), or back
    const now = hooks.game();
    wanted = null;
    viewed = sameLine(v, now) ? v : null;
    mark(now);
    hooks.draw(viewed || now);
  } catch (e) {
    if (ticket !== asked) return;
    wanted = null;
    mark(hooks.game());
    hooks.say(e.message);
  }
}

// The moves, numbered by turn: a move is a button that shows the position after it.
function list(s) {
  const ol = $("#moves");
  ol.innerHTML = "";
  s.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.dataset.ply = String(i + 1);
    if (i % 2 === 0) li.dataset.turn = `${i / 2 + 1}.`;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m;
    b.setAttribute("aria-label", `move ${i + 1}: ${m}`);
    b.addEventListener("click", () => walkTo(i + 1));
    li.append(b);
    ol.append(li);
  });
  // the moves taken back, greyed after them (Redo's, next first): a click plays
  // them again up to it
  s.redo.forEach((m, j) => {
    const i = s.moves.length + j;
    const li = document.createElement("li");
    li.dataset.ply = String(i + 1);
    li.classList.add("redo");
    if (i % 2 === 0) li.dataset.turn = `${i / 2 + 1}.`;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m;
    b.title = "taken back: a click plays it again (Redo)";
    b.setAttribute("aria-label", `move ${i + 1}: ${m}, taken back: a click plays it again`);
    b.addEventListener("click", () => hooks.redo(j + 1));
    li.append(b);
    ol.append(li);
  });
}

// Marks the move the board shows, says so above the board when it is not the
// game now, and what a move played there does.
function mark(s) {
  if (!s) return;
  const at = here();
  const n = s.moves.length;
  const looking = at < n;
  for (const li of document.querySelectorAll("#moves li")) {
    const on = Number(li.dataset.ply) === at;
    li.classList.toggle("current", on);
    li.classList.toggle("later", Number(li.dataset.ply) > at);
    if (on) li.querySelector("button").setAttribute("aria-current", "step");
    else li.querySelector("button").removeAttribute("aria-current");
  }
  const current = document.querySelector("#moves li.current");
  const box = $("#moves");
  if (current && (current.offsetTop < box.scrollTop || current.offsetTop + current.offsetHeight > box.scrollTop + box.clientHeight)) {
    box.scrollTop = current.offsetTop - box.clientHeight / 2;
  }
  document.body.dataset.viewing = looking ? String(at) : "";
  $("#viewing").hidden = !looking;
  $("#walk-first").disabled = $("#walk-prev").disabled = at === 0;
  $("#walk-next").disabled = $("#walk-last").disabled = !looking;
  if (!looking) return;
  const later = n - at;
  const where = at === 0 ? "the start" : `move ${at} (${s.moves[at - 1]})`;
  const side = viewed && viewed.at === at
    ? viewed.outcome ? `, the game over there (${viewed.outcome})` : `, ${viewed.to_move} to move`
    : "";
  $("#viewing-text").textContent = `Viewing ${at === 0 ? where : `${where} of ${n}`}${side}`;
  $("#viewing-branch").textContent =
    `A move played here is played from ${where}: the ${later === 1 ? "later move is" : `${later} later moves are`} dropped, as Undo back to here and a move would. Until then the game and its record stay as played.`;
}

// Whether a key press is for a text field (or a menu) rather than the page.
function typing(target) {
  return target instanceof Element && target.closest("input, textarea, select, [contenteditable]") !== null;
}

// Wires the list's buttons, "Back to the game" and the keys.  `h` lends the page's
// game() (its state now), draw(board), api(method, path), say(text) and redo(n)
// (plays again the next n moves taken back).
export function setupHistory(h) {
  hooks = h;
  const walk = { "walk-first": () => 0, "walk-prev": () => here() - 1, "walk-next": () => here() + 1, "walk-last": () => Infinity };
  for (const [id, to] of Object.entries(walk)) $(`#${id}`).addEventListener("click", () => walkTo(to()));
  $("#back-to-game").addEventListener("click", () => walkTo(Infinity));
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || typing(e.target) || !hooks.game()) return;
    // ↑ and ↓ as Lichess has them: the start, the game now
    const to = {
      ArrowLeft: () => here() - 1, ArrowRight: () => here() + 1,
      Home: () => 0, ArrowUp: () => 0, End: () => Infinity, ArrowDown: () => Infinity,
    }[e.key];
    if (!to) return;
    e.preventDefault();
    walkTo(to());
  });
}
