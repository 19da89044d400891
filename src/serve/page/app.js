// ludolog's board page: draws the game the server holds, plays moves by clicking
// cells (a move is picked by the cells it changes, its footprint, so any rule file
// works), and keeps the history, the players and the record.  Every move the page
// sends carries the position it was chosen on: the server refuses one sent for a
// position that is no longer the game's, and the page then draws the game again.
// The history (history.js) shows earlier positions on the same board: a move
// clicked there is played from that position.

import { follow, leave, setupHistory, viewing } from "./history.js";
import { playerOf, setupPlayers, showPlayers } from "./players.js";
import { fieldsFromText, optionsFor, setupOptions } from "./options.js";
import { analysisDefaults, analysisDrawn, setupAnalysis } from "./analysis.js";
import { listen, setupLive } from "./live.js";
import { focusedCell, reachable } from "./cells.js";
import { setupPanels } from "./panels.js";

const $ = (sel) => document.querySelector(sel);

let games = [];          // GET /api/games: each game with its option specs
let state = null;        // the game as GET /api/sessions/ID gives it
let footprints = {};     // move -> the cells it changes, for the board footprintsOf
let footprintsOf = null; // the board (state) whose footprints are in
let footprinted = Promise.resolve();  // settles once the shown board's footprints are in or failed
let selected = [];       // the cells clicked so far
let computerOff = false; // Stop, Undo, Redo and Restart pause the computer players
let thinking = null;     // the AbortController of a computer's move on its way
let busy = 0;            // this page's requests that may change the game, on their way
let heard = null;        // a version the live updates announced meanwhile

async function api(method, path, body, signal) {
  const init = { method, headers: {}, signal };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const changing = method !== "GET";
  if (changing) busy++;
  let response, text;
  try {
    response = await fetch(path, init);
    text = await response.text();
  } finally {
    if (changing) {
      busy--;
      // after the caller has drawn the answer: a change that was not this page's
      if (busy === 0 && heard !== null) setTimeout(() => changed(heard), 0);
    }
  }
  let data;
  try { data = JSON.parse(text); } catch { data = { error: text }; }
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

// An error or refusal (red); `note` says what happened that is no fault (grey).
function say(text) { $("#message").textContent = text || ""; }
function note(text) { $("#note").textContent = text || ""; }

function parseOptions(text) {
  const options = {};
  for (const item of text.split(/\s+/).filter(Boolean)) {
    const at = item.indexOf("=");
    if (at < 1) throw new Error(`an option is key=value, not ${item}`);
    options[item.slice(0, at)] = item.slice(at + 1);
  }
  return options;
}

async function newGame(event) {
  if (event) event.preventDefault();
  say("");
  note("");
  try {
    const body = { game: $("#game").value, options: parseOptions($("#options").value) };
    if ($("#tier").value) body.tier = $("#tier").value;
    const made = await api("POST", "/api/sessions", body);
    stopThinking();
    show(made);
    history.replaceState(null, "", `#${state.id}`);
  } catch (e) { say(e.message); }
}

// "win(blue)" as a person says it, with how it ended where the rule file says
// ("Blue wins: joined left and right").
function outcomeText(outcome, ending) {
  const won = /^win\((.*)\)$/.exec(outcome);
  const how = ending ? `: ${ending}` : "";
  if (won) {
    const who = `${won[1].charAt(0).toUpperCase()}${won[1].slice(1)}`;
    return ending ? `${who} wins${how}` : `${who} has won`;
  }
  return outcome === "draw" ? `A draw${how}` : `Game over: ${outcome}${how}`;
}

function computerPlays(side) { return playerOf(side) !== "human"; }

function showStatus() {
  const s = state;
  if (!s) return;
  // looking back at the history, the status is still the game's, and says so
  $("#status").textContent = (viewing() ? "The game now: " : "") + (s.outcome
    ? outcomeText(s.outcome, s.ending)
    : thinking
      ? `${s.to_move} (${playerOf(s.to_move)}) is thinking…`
      : `${s.to_move} to move (${s.legal.length} legal moves)`);
  const paused = computerOff && !s.outcome && s.players.some(computerPlays);
  $("#resume").hidden = !paused;
}

// The board on the page: the game now, or an earlier position of its history.
function shown() { return viewing() || state; }

// Draws a state of the game; the board too, unless it shows an earlier position
// the game still passes through (the history keeps it as the game goes on).
function show(s) {
  state = s;
  say("");
  note(s.note || "");
  $("#options").value = Object.entries(s.options).map(([k, v]) => `${k}=${v}`).join(" ");
  fieldsFromText();
  $("#download").href = `/api/sessions/${s.id}/record`;
  $("#download-sgf").href = `/api/sessions/${s.id}/record?format=sgf`;
  $("#download-sgf").hidden = !["hex", "contactix"].includes(s.game);
  // the rules playground opens on a built-in game's rule file, to read it or write a
  // variant; a rule file of one's own (a path, or the playground's text) goes back to
  // the playground as it was left
  const builtIn = !/\.(pl|kif)$|\//.test(s.game);
  $("#to-playground").href = builtIn ? `/playground?from=${encodeURIComponent(s.game)}` : "/playground";
  $("#to-playground").title = builtIn
    ? `read ${s.game}'s rules in the rules playground, or write a variant: lint, play and check it`
    : "back to the rules playground";
  showPlayers(s);
  analysisDefaults(s);
  listen(s.id, changed);
  showStatus();
  $("#check-result").textContent = "";
  if (follow(s)) {
    maybeComputer();
  } else {
    draw(s);
  }
}

// Draws a board (the game's state, or an earlier position's), then lets a computer
// move or asks for the footprints of its moves.
function draw(b) {
  selected = [];
  showStatus();
  const focused = focusedCell($("#board"));
  $("#board").innerHTML = b.svg;
  for (const cell of document.querySelectorAll("#board [data-cell]")) {
    cell.addEventListener("click", () => clickCell(cell.dataset.cell));
    cell.addEventListener("mouseenter", () => hover(cell.dataset.cell));
    cell.classList.toggle("last", b.last.includes(cell.dataset.cell));
  }
  reachable($("#board"), clickCell, focused);
  $("#position").value = b.position;
  $("#legal").innerHTML = "";
  for (const m of b.legal) $("#legal").append(moveButton(m));
  footprints = {};
  footprintsOf = null;
  highlight();
  analysisDrawn(b);
  // the times the browser test reports (bench/README.md): a board drawn, its
  // footprints in (a click then picks a move at once)
  performance.mark("drawn");
  // a computer to move needs no footprints (on a big board they take seconds)
  if (b === state && !b.outcome && !computerOff && computerPlays(b.to_move)) {
    document.body.dataset.footprints = "skipped";
    maybeComputer();
  } else {
    loadFootprints(b);
  }
}

// Asks for the footprints of the moves of board `s`; a click that comes before them
// waits (or plays at once: a cell that is itself a legal move).
function loadFootprints(s) {
  document.body.dataset.footprints = "loading";
  const at = s.at === null || s.at === undefined ? "" : `?at=${s.at}`;
  footprinted = (async () => {
    let feet = null;
    // a 409: they gave way to another request of this game (a move comes first)
    for (let tries = 0; feet === null && shown() === s && tries < 20; tries++) {
      try { feet = await api("GET", `/api/sessions/${s.id}/footprints${at}`); }
      catch (e) {
        if (e.status === 409) continue;
        if (shown() === s) say(e.message);
        break;
      }
    }
    if (shown() !== s) return;
    footprints = feet || {};
    footprintsOf = s;
    document.body.dataset.footprints = "ready";
    performance.mark("footprints");
    highlight();
  })();
}

// The live updates announce the game's version: another page's, tab's or
// computer's change is drawn (this page's own requests are waited for first).
function changed(version) {
  heard = null;
  if (!state || version === state.version) return;
  if (busy > 0) {
    heard = version;
    return;
  }
  resync();
}

// Draws the game as the server has it now; says `message` (why it was drawn again).
async function resync(message) {
  try { show(await api("GET", `/api/sessions/${state.id}`)); }
  catch (e) { say(e.message); return; }
  if (message) say(message);
}

function moveButton(m) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = m;
  b.dataset.move = m;
  b.addEventListener("click", () => play(m));
  return b;
}

// Lets the computer players play again (after Stop, Undo, Redo or Restart).
function resume() {
  computerOff = false;
  note("");
  showStatus();
  if (state && !state.outcome && computerPlays(state.to_move)) maybeComputer();
}

async function maybeComputer() {
  const s = state;
  if (!s || s.outcome || computerOff || thinking) return;
  const player = playerOf(s.to_move);
  if (player === "human" || s.legal.length === 0) return;
  const asked = new AbortController();
  thinking = asked;
  showStatus();
  try {
    const r = await api("POST", `/api/sessions/${s.id}/computer`, { player, position: s.position }, asked.signal);
    if (thinking !== asked) return;
    thinking = null;
    show(r.state);
  } catch (e) {
    // stopped: the Stop button draws the game again itself
    if (thinking !== asked) return;
    thinking = null;
    if (e.status === 409) return resync(e.message);
    showStatus();
    say(`${s.to_move} (${player}): ${e.message}`);
    if (footprintsOf !== s) loadFootprints(s);
  }
}

// The moves that change every selected cell.
function candidates() {
  return Object.keys(footprints).filter((m) => selected.every((c) => footprints[m].includes(c)));
}

function highlight() {
  const cands = selected.length ? candidates() : [];
  const targets = new Set(cands.flatMap((m) => footprints[m]));
  for (const el of document.querySelectorAll("#board [data-cell]")) {
    const c = el.dataset.cell;
    el.classList.toggle("selected", selected.includes(c));
    el.classList.toggle("target", !selected.includes(c) && targets.has(c));
  }
  const chooser = $("#chooser");
  chooser.hidden = selected.length === 0;
  $("#candidates").innerHTML = "";
  for (const m of cands) $("#candidates").append(moveButton(m));
}

// Whether the game names its moves by cells (Hex's a1): then a cell is a move to ask
// `why` about.
function movesAreCells() {
  const cells = new Set([...document.querySelectorAll("#board [data-cell]")].map((el) => el.dataset.cell));
  return [...shown().legal, ...state.moves].some((m) => cells.has(m));
}

// The column a cell is drawn in: the x of its centre on the board.
function columnOf(cell) {
  const el = document.querySelector(`#board [data-cell="${CSS.escape(cell)}"]`);
  if (!el || !el.getBBox) return null;
  const box = el.getBBox();
  return Math.round(box.x + box.width / 2);
}

// A click anywhere in a column plays that column's move (Connect Four), for any game
// whose moves each change one cell, at most one move to a column, and are not named
// by cells: the one legal move that changes a cell of the clicked cell's column.
function columnMove(cell) {
  const moves = Object.keys(footprints);
  if (moves.length === 0 || movesAreCells() || moves.some((m) => footprints[m].length !== 1)) return null;
  const columns = moves.map((m) => columnOf(footprints[m][0]));
  if (new Set(columns).size !== columns.length) return null;
  const x = columnOf(cell);
  const at = columns.indexOf(x);
  return x === null || at < 0 ? null : moves[at];
}

// Hover: the cells a click on `cell` would go on to change, outlined (the footprint
// of the move it would play, or of the moves it would leave to choose from); the
// board's data-hover names the move when it is one.
function hover(cell) {
  const s = shown();
  let moves = [];
  if (cell !== null && s && footprintsOf === s && !thinking && !selected.includes(cell)) {
    const cells = [...selected, cell];
    moves = Object.keys(footprints).filter((m) => cells.every((c) => footprints[m].includes(c)));
    if (moves.length === 0 && selected.length === 0) {
      const mv = columnMove(cell);
      if (mv) moves = [mv];
    }
  }
  const feet = new Set(moves.flatMap((m) => footprints[m]));
  for (const el of document.querySelectorAll("#board [data-cell]")) {
    el.classList.toggle("hover", feet.has(el.dataset.cell));
  }
  $("#board").dataset.hover = moves.length === 1 ? moves[0] : "";
  $("#board").title = moves.length === 1 ? `a click plays ${moves[0]}`
    : moves.length > 1 ? `a click picks ${cell}: ${moves.length} moves use it` : "";
}

async function clickCell(cell) {
  const s = shown();
  if (!s) return;
  say("");
  if (thinking) {
    say(`it is ${state.to_move}'s turn, a computer's: wait, or stop the computer`);
    return;
  }
  if (footprintsOf !== s) {
    // a cell that is itself a legal move needs no footprints
    if (selected.length === 0 && s.legal.includes(cell)) return play(cell);
    note(`finding the moves that use ${cell}…`);
    await footprinted;
    note("");
    if (shown() !== s) {
      say(`the board changed before your click on ${cell} was taken in: nothing was played`);
      return;
    }
  }
  const again = selected.includes(cell);
  if (!again) selected.push(cell);
  const cands = candidates();
  if (cands.length === 0) {
    const tried = selected;
    selected = [];
    highlight();
    if (tried.length === 1) {
      const mv = columnMove(cell) || (s.legal.includes(cell) ? cell : null);
      if (mv) return play(mv);
    }
    return refuse(tried);
  }
  // the moves that change exactly the cells selected
  const exact = cands.filter((m) => footprints[m].length === selected.length);
  if (cands.length === 1) return play(cands[0]);
  if (again && exact.length === 1) return play(exact[0]);
  const sameCells = cands.every((m) => footprints[m].join() === footprints[cands[0]].join());
  if (sameCells || again) note("more than one move changes these cells: choose one below");
  highlight();
}

// Says why no move was played for the cells clicked: in a game whose moves are cells,
// why that move is refused (as `ludolog why` says it); else that no legal move uses them.
async function refuse(cells) {
  if (cells.length === 1 && movesAreCells()) {
    const at = shown().at;
    try { say((await api("POST", `/api/sessions/${state.id}/why`, { move: cells[0], at })).why); }
    catch (e) { say(e.message); }
    return;
  }
  say(cells.length === 1
    ? `no legal move uses ${cells[0]}`
    : `no legal move uses all of ${cells.join(", ")}`);
}

// Plays a move on the board shown: on an earlier position, from there (the later
// moves are dropped, and the page says which).
async function play(mv) {
  const s = shown();
  say("");
  const from = s.at === null || s.at === undefined ? null : s.at;
  const dropped = from === null ? [] : state.moves.slice(from);
  try {
    const next = await api("POST", `/api/sessions/${s.id}/play`, { move: mv, position: s.position, at: from });
    leave();
    show(next);
    if (dropped.length > 0) {
      note(`${mv} was played from ${from === 0 ? "the start" : `move ${from}`}: the later moves (${dropped.join(" ")}) were dropped`);
    }
  } catch (e) {
    selected = [];
    highlight();
    if (e.status === 409) await resync(e.message); else say(e.message);
  }
}

// Stops a computer's move on the page and on the server (which then plays none).
function stopThinking(server = true) {
  const was = thinking;
  if (!was) return false;
  was.abort();
  thinking = null;
  if (server && state) fetch(`/api/sessions/${state.id}/stop`, { method: "POST" }).catch(() => {});
  return true;
}

// The computer players, paused: says so, and how to let them play again.
function paused(why) {
  if (state && state.players.some(computerPlays)) {
    note(`${why}: the computer players are paused (“Let the computers play” goes on)`);
  }
}

async function simple(path) {
  say("");
  computerOff = true;
  if (stopThinking(false)) await fetch(`/api/sessions/${state.id}/stop`, { method: "POST" }).catch(() => {});
  try {
    const next = await api("POST", `/api/sessions/${state.id}/${path}`);
    // they act on the game: the board shows it again
    leave();
    show(next);
    paused(path);
  }
  catch (e) { say(e.message); }
}

// Plays again the next `n` moves taken back (a redo move clicked in the history).
async function redoMoves(n) {
  say("");
  computerOff = true;
  try {
    let next = state;
    for (let i = 0; i < n; i++) next = await api("POST", `/api/sessions/${state.id}/redo`);
    leave();
    show(next);
    paused("redo");
  } catch (e) { say(e.message); }
}

async function stop() {
  computerOff = true;
  const before = state.moves.length;
  const was = stopThinking(false);
  try { await fetch(`/api/sessions/${state.id}/stop`, { method: "POST" }); } catch {}
  // the server's game, whatever the computer managed before the stop
  await resync();
  const played = state.moves.length > before ? `; it had already played ${state.moves[state.moves.length - 1]}` : "";
  paused(was ? `stopped${played}` : "stopped");
}

// With rule files on disk, the server reloads them when they change: ask now and
// then, while nothing is selected or being thought.
async function poll() {
  if (state && state.watching && selected.length === 0 && !thinking && document.body.dataset.footprints !== "loading") {
    try {
      const s = await api("GET", `/api/sessions/${state.id}`);
      if (s.note || s.position !== state.position || s.svg !== state.svg) show(s);
    } catch (e) { say(e.message); }
  }
  setTimeout(poll, 1500);
}

async function checkTiers() {
  $("#check-result").textContent = "checking…";
  try {
    const at = shown().at;
    const r = await api("POST", `/api/sessions/${state.id}/check${at === null || at === undefined ? "" : `?at=${at}`}`);
    $("#check-result").textContent = r.tiers.length === 0
      ? `${state.game} runs in the ${state.tier} tier only`
      : r.tiers.map((t) => t.differences.length === 0
          ? `${t.tier}: agrees`
          : `${t.tier}: ${t.differences.join("; ")}`).join("\n");
  } catch (e) { $("#check-result").textContent = e.message; }
}

// The REPL pane: the same top level as `ludolog repl`, on the current position,
// one answer at a time; where its :play, :undo or :position moves, the board follows.
async function replShow(event, input) {
  const out = $("#repl-output");
  if (input !== undefined) out.textContent += `?- ${input}\n`;
  out.textContent += event.output || "";
  if (event.answer) out.textContent += `${event.answer}\n`;
  if (event.message) out.textContent += `${event.message}\n`;
  $("#repl-next").disabled = !event.more;
  out.scrollTop = out.scrollHeight;
  if (event.moved) {
    stopThinking();
    leave();
    await resync();
  }
}

async function replRun(event) {
  event.preventDefault();
  const input = $("#repl-input").value.trim();
  if (!input) return;
  $("#repl-input").value = "";
  // on the board shown: an earlier position looked at, or the game now
  const at = shown().at;
  try { await replShow(await api("POST", `/api/sessions/${state.id}/repl`, { input, at }), input); }
  catch (e) { replShow({ message: e.message }); }
}

async function replStep(step) {
  try { await replShow(await api("POST", `/api/sessions/${state.id}/repl/next`, { step })); }
  catch (e) { replShow({ message: e.message }); }
}

// The game in the page's address (`#ID`, a reload): drawn again if the server still
// holds it; else why not.
async function reattach() {
  const id = location.hash.slice(1);
  if (!/^[0-9a-f]+$/.test(id)) return null;
  try {
    const s = await api("GET", `/api/sessions/${id}`);
    if (![...$("#game").options].some((o) => o.value === s.game)) {
      const o = document.createElement("option");
      o.value = o.textContent = s.game;
      $("#game").append(o);
    }
    $("#game").value = s.game;
    show(s);
    return "";
  } catch (e) {
    return `the game in this page's address is gone (${e.message}); here is a new one`;
  }
}

async function start() {
  setupPanels();
  setupHistory({ game: () => state, draw, api, say, redo: redoMoves });
  setupPlayers({ api, changed: resume });
  setupAnalysis({ game: () => state, shown, api });
  setupLive();
  $("#check").addEventListener("click", checkTiers);
  $("#repl").addEventListener("submit", replRun);
  $("#repl-next").addEventListener("click", () => replStep("next"));
  $("#repl-stop").addEventListener("click", async () => {
    try { await fetch(`/api/sessions/${state.id}/repl/stop`, { method: "POST" }); } catch {}
    if (!$("#repl-next").disabled) replStep("stop");
  });
  $("#new-game").addEventListener("submit", newGame);
  $("#game").addEventListener("change", () => optionsFor($("#game").value));
  $("#type-move").addEventListener("submit", (e) => { e.preventDefault(); play($("#move-text").value.trim()); });
  $("#undo").addEventListener("click", () => simple("undo"));
  $("#redo").addEventListener("click", () => simple("redo"));
  $("#restart").addEventListener("click", () => simple("restart"));
  $("#clear-selection").addEventListener("click", () => { selected = []; highlight(); });
  $("#board").addEventListener("mouseleave", () => hover(null));
  $("#stop").addEventListener("click", stop);
  $("#resume").addEventListener("click", resume);
  $("#set-position").addEventListener("click", async () => {
    say("");
    try { show(await api("POST", `/api/sessions/${state.id}/position`, { position: $("#position").value.trim() })); }
    catch (e) { say(e.message); }
  });
  $("#copy-position").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(shown().position));
  $("#load").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    say("");
    try { show(await api("POST", `/api/sessions/${state.id}/record`, { record: await file.text() })); }
    catch (err) { say(err.message); }
  });
  const listed = await api("GET", "/api/games");
  games = listed.games;
  setupOptions(games);
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.name;
    o.title = g.summary;
    $("#game").append(o);
  }
  $("#game").value = listed.default;
  const params = new URLSearchParams(location.search);
  if (params.get("game")) $("#game").value = params.get("game");
  optionsFor($("#game").value);
  if (params.get("options")) {
    $("#options").value = params.get("options");
    fieldsFromText();
  }
  const gone = await reattach();
  if (gone !== "") {
    await newGame();
    if (gone) note(gone);
  }
  poll();
}

start();
