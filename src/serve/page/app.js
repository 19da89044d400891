// ludolog's board page: draws the game the server holds, plays moves by clicking
// cells (a move is picked by the cells it changes, its footprint, so any rule file
// works), and keeps the history, the players and the record.

const $ = (sel) => document.querySelector(sel);

let state = null;        // the game as GET /api/sessions/ID gives it
let footprints = {};     // move -> the cells it changes
let footprinted = Promise.resolve();  // settles once the footprints of the shown state are in
let selected = [];       // the cells clicked so far
let computerOff = false; // the stop button pauses computer players
let thinking = null;     // the AbortController of a computer's move

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (method === "POST" && path.endsWith("/computer")) {
    thinking = new AbortController();
    init.signal = thinking.signal;
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data;
  try { data = JSON.parse(text); } catch { data = { error: text }; }
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function say(text) { $("#message").textContent = text || ""; }

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
  try {
    const body = { game: $("#game").value, options: parseOptions($("#options").value) };
    if ($("#tier").value) body.tier = $("#tier").value;
    await show(await api("POST", "/api/sessions", body));
    history.replaceState(null, "", `#${state.id}`);
  } catch (e) { say(e.message); }
}

// Draws a state, then asks for the footprints of its moves and lets a computer move.
async function show(s) {
  state = s;
  selected = [];
  $("#board").innerHTML = s.svg;
  for (const cell of document.querySelectorAll("#board [data-cell]")) {
    cell.addEventListener("click", () => clickCell(cell.dataset.cell));
  }
  $("#status").textContent = s.outcome
    ? `game over: ${s.outcome}`
    : `${s.to_move} to move (${s.legal.length} legal moves)`;
  $("#position").value = s.position;
  $("#options").value = Object.entries(s.options).map(([k, v]) => `${k}=${v}`).join(" ");
  $("#moves").innerHTML = "";
  for (const m of s.moves) {
    const li = document.createElement("li");
    li.textContent = m;
    $("#moves").append(li);
  }
  $("#legal").innerHTML = "";
  for (const m of s.legal) $("#legal").append(moveButton(m));
  $("#download").href = `/api/sessions/${s.id}/record`;
  $("#download-sgf").href = `/api/sessions/${s.id}/record?format=sgf`;
  $("#download-sgf").hidden = !["hex", "contactix"].includes(s.game);
  showPlayers(s);
  if (s.note) say(s.note);
  $("#check-result").textContent = "";
  footprints = {};
  highlight();
  // a click that comes before the footprints waits for them (a slow server takes
  // seconds on a rule file's spec tier); the page says when they are in
  document.body.dataset.footprints = "loading";
  footprinted = (async () => {
    try { footprints = await api("GET", `/api/sessions/${s.id}/footprints`); } catch (e) { say(e.message); }
  })();
  await footprinted;
  document.body.dataset.footprints = "ready";
  highlight();
  maybeComputer();
}

function moveButton(m) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = m;
  b.dataset.move = m;
  b.addEventListener("click", () => play(m));
  return b;
}

function showPlayers(s) {
  const box = $("#players");
  if (box.dataset.game !== String(s.id)) {
    box.dataset.game = String(s.id);
    box.innerHTML = "";
  }
  for (const name of s.players) {
    if (box.querySelector(`[data-player="${name}"]`)) continue;
    const label = document.createElement("label");
    label.textContent = `${name}: `;
    const input = document.createElement("input");
    input.dataset.player = name;
    input.value = "human";
    input.title = "human, random, greedy, alphabeta:N, alphabeta:Ns or mcts:N";
    input.addEventListener("change", () => { computerOff = false; maybeComputer(); });
    label.append(input);
    box.append(label);
  }
}

async function maybeComputer() {
  if (!state || state.outcome || computerOff || thinking) return;
  const input = $(`#players [data-player="${state.to_move}"]`);
  const player = input ? input.value.trim() : "human";
  if (!player || player === "human" || state.legal.length === 0) return;
  $("#status").textContent = `${state.to_move} (${player}) is thinking…`;
  try {
    const r = await api("POST", `/api/sessions/${state.id}/computer`, { player });
    thinking = null;
    await show(r.state);
  } catch (e) {
    thinking = null;
    if (e.name !== "AbortError") say(e.message);
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

async function clickCell(cell) {
  if (!state) return;
  await footprinted;
  say("");
  const again = selected.includes(cell);
  if (!again) selected.push(cell);
  const cands = candidates();
  if (cands.length === 0) {
    // nothing legal changes these cells: say why, as `ludolog why` does
    const tried = selected.length === 1 ? cell : selected.join(" and ");
    selected = [];
    highlight();
    try {
      const r = await api("POST", `/api/sessions/${state.id}/why`, { move: cell });
      say(`no legal move changes ${tried}.\n${r.why}`);
    } catch (e) { say(e.message); }
    return;
  }
  // the moves that change exactly the cells selected
  const exact = cands.filter((m) => footprints[m].length === selected.length);
  if (cands.length === 1) return play(cands[0]);
  if (again && exact.length === 1) return play(exact[0]);
  const sameCells = cands.every((m) => footprints[m].join() === footprints[cands[0]].join());
  if (sameCells || again) say("more than one move changes these cells: choose one below");
  highlight();
}

async function play(mv) {
  say("");
  try { await show(await api("POST", `/api/sessions/${state.id}/play`, { move: mv })); }
  catch (e) { say(e.message); selected = []; highlight(); }
}

// Stops a computer's move on the server as well as on the page, so that the two
// agree on whose turn it is.
async function stopThinking() {
  if (!thinking) return;
  thinking.abort();
  thinking = null;
  try { await fetch(`/api/sessions/${state.id}/stop`, { method: "POST" }); } catch {}
}

async function simple(path) {
  say("");
  computerOff = true;
  await stopThinking();
  try { await show(await api("POST", `/api/sessions/${state.id}/${path}`)); }
  catch (e) { say(e.message); }
}

// With rule files on disk, the server reloads them when they change: ask now and
// then, while nothing is selected or being thought.
async function poll() {
  if (state && state.watching && selected.length === 0 && !thinking) {
    try {
      const s = await api("GET", `/api/sessions/${state.id}`);
      if (s.note || s.position !== state.position || s.svg !== state.svg) await show(s);
    } catch (e) { say(e.message); }
  }
  setTimeout(poll, 1500);
}

async function checkTiers() {
  $("#check-result").textContent = "checking…";
  try {
    const r = await api("POST", `/api/sessions/${state.id}/check`);
    $("#check-result").textContent = r.tiers.length === 0
      ? `${state.game} runs in the ${state.tier} tier only`
      : r.tiers.map((t) => t.differences.length === 0
          ? `${t.tier}: agrees`
          : `${t.tier}: ${t.differences.join("; ")}`).join("\n");
  } catch (e) { $("#check-result").textContent = e.message; }
}

// The REPL pane: the same top level as `ludolog repl`, on the current position,
// one answer at a time.
function replShow(event, input) {
  const out = $("#repl-output");
  if (input !== undefined) out.textContent += `?- ${input}\n`;
  out.textContent += event.output || "";
  if (event.answer) out.textContent += `${event.answer}\n`;
  if (event.message) out.textContent += `${event.message}\n`;
  $("#repl-next").disabled = !event.more;
  out.scrollTop = out.scrollHeight;
}

async function replRun(event) {
  event.preventDefault();
  const input = $("#repl-input").value.trim();
  if (!input) return;
  $("#repl-input").value = "";
  try { replShow(await api("POST", `/api/sessions/${state.id}/repl`, { input }), input); }
  catch (e) { replShow({ message: e.message }); }
}

async function replStep(step) {
  try { replShow(await api("POST", `/api/sessions/${state.id}/repl/next`, { step })); }
  catch (e) { replShow({ message: e.message }); }
}

async function start() {
  $("#check").addEventListener("click", checkTiers);
  $("#repl").addEventListener("submit", replRun);
  $("#repl-next").addEventListener("click", () => replStep("next"));
  $("#repl-stop").addEventListener("click", async () => {
    try { await fetch(`/api/sessions/${state.id}/repl/stop`, { method: "POST" }); } catch {}
    if (!$("#repl-next").disabled) replStep("stop");
  });
  $("#new-game").addEventListener("submit", newGame);
  $("#type-move").addEventListener("submit", (e) => { e.preventDefault(); play($("#move-text").value.trim()); });
  $("#undo").addEventListener("click", () => simple("undo"));
  $("#redo").addEventListener("click", () => simple("redo"));
  $("#restart").addEventListener("click", () => simple("restart"));
  $("#clear-selection").addEventListener("click", () => { selected = []; highlight(); });
  $("#stop").addEventListener("click", async () => {
    computerOff = true;
    await stopThinking();
    try { await show(await api("GET", `/api/sessions/${state.id}`)); } catch (e) { say(e.message); }
  });
  $("#set-position").addEventListener("click", async () => {
    try { await show(await api("POST", `/api/sessions/${state.id}/position`, { position: $("#position").value.trim() })); }
    catch (e) { say(e.message); }
  });
  $("#copy-position").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(state.position));
  $("#load").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try { await show(await api("POST", `/api/sessions/${state.id}/record`, { record: await file.text() })); }
    catch (err) { say(err.message); }
  });
  const { games, default: first } = await api("GET", "/api/games");
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.name;
    o.title = g.summary;
    $("#game").append(o);
  }
  $("#game").value = first;
  const params = new URLSearchParams(location.search);
  if (params.get("game")) $("#game").value = params.get("game");
  if (params.get("options")) $("#options").value = params.get("options");
  await newGame();
  poll();
}

start();
