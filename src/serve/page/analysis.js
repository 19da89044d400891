// The analysis pane (issue 50 item 3): on demand, the engine's view of the board
// shown — its best move, the principal variation drawn on the board as numbered
// ghosts, a bar of the chances (MCTS's win rate, a proved value, or alpha-beta's
// score through a logistic curve), and with Solve the proved value and every
// move's value tinted on the board (the opening map).  The server runs it in a
// worker of its own for the seconds chosen; while the pane is on, each position
// the board shows (a move played, the history walked) is analysed in turn, as
// Lichess's engine does; Stop stops it and keeps what it found.

const $ = (sel) => document.querySelector(sel);
const SVG = "http://www.w3.org/2000/svg";
// How many moves of the principal variation are drawn on the board.
const GHOSTS = 8;

let ctx = null;       // { game: () => state, shown: () => the board shown, api }
let on = false;       // whether each board shown is analysed
let report = null;    // the server's report, as GET …/analysis gives it
let reportOf = null;  // the game id the report is of
let polling = null;   // the timer of the next look at the report
let pending = null;   // the timer of a start put off while the board settles

export function setupAnalysis(c) {
  ctx = c;
  $("#analyse").addEventListener("click", () => { on = true; start(ctx.shown()); });
  $("#analysis-stop").addEventListener("click", stopAnalysis);
  for (const id of ["#analysis-method", "#analysis-seconds"]) {
    $(id).addEventListener("change", () => { if (on) start(ctx.shown()); });
  }
}

// The method a new game's pane offers first: MCTS on a native engine (fast
// playouts), alpha-beta on rule files.
export function analysisDefaults(s) {
  if (reportOf !== s.id) {
    $("#analysis-method").value = s.tier === "native" ? "mcts" : "alphabeta";
    on = false;
    report = null;
    reportOf = s.id;
    showReport();
  }
}

// A board was drawn: its ghosts and map, and, with the pane on, its analysis.
export function analysisDrawn(b) {
  showReport();
  if (on && (!report || report.position !== b.position || report.method !== $("#analysis-method").value)) {
    clearTimeout(pending);
    // walking the history quickly starts one analysis, of the board it stops at
    pending = setTimeout(() => { if (ctx.shown() === b) start(b); }, 150);
  }
}

async function start(b) {
  const s = ctx.game();
  if (!b || !s) return;
  const at = b.at === null || b.at === undefined ? null : b.at;
  const body = { method: $("#analysis-method").value, seconds: Number($("#analysis-seconds").value), at };
  document.body.dataset.analysis = "running";
  try {
    report = await ctx.api("POST", `/api/sessions/${s.id}/analysis`, body);
    reportOf = s.id;
  } catch (e) {
    report = { running: false, error: e.message, pv: [], map: [] };
  }
  showReport();
  poll();
}

async function stopAnalysis() {
  on = false;
  clearTimeout(pending);
  const s = ctx.game();
  if (!s) return;
  try { await ctx.api("POST", `/api/sessions/${s.id}/analysis/stop`); } catch {}
  poll();
}

// Looks at the report now and again while it runs.
function poll() {
  clearTimeout(polling);
  polling = setTimeout(async () => {
    const s = ctx.game();
    if (!s) return;
    try {
      const r = await ctx.api("GET", `/api/sessions/${s.id}/analysis`);
      if (!report || r.serial >= report.serial) report = r;
    } catch (e) {
      report = { ...(report || {}), running: false, error: e.message };
    }
    showReport();
    if (report.running) poll();
  }, report && report.running ? 250 : 0);
}

function player(name) { return `${name.charAt(0).toUpperCase()}${name.slice(1)}`; }

function percent(x) { return `${Math.round(x * 100)}%`; }

// The pane's words, bar and board marks for the report.
function showReport() {
  const r = report;
  document.body.dataset.analysis = !r ? "" : r.running ? "running" : r.error ? "failed" : "done";
  $("#analysis-stop").disabled = !(r && r.running) && !on;
  const out = $("#analysis-result");
  const bar = $("#analysis-bar");
  if (!r || !r.serial) {
    out.textContent = r && r.error ? r.error : "";
    bar.hidden = true;
    decorate();
    return;
  }
  const lines = [];
  const stale = ctx.shown() && r.position !== ctx.shown().position;
  if (stale) lines.push("(of another position than the board shows)");
  const who = r.to_move ? player(r.to_move) : "";
  if (r.method === "solve") {
    if (r.value) {
      lines.push(r.value === "draw" ? "Proved: a draw" : `Proved: ${who}, to move, ${r.value === "win" ? "wins" : "loses"}`);
    } else if (!r.running) {
      lines.push("Not proved in the time given");
    }
    const by = (v) => r.map.filter((m) => m.value === v).map((m) => m.move);
    if (r.map.length) {
      const counts = [["win", "winning"], ["draw", "drawing"], ["loss", "losing"]]
        .map(([v, w]) => [by(v).length, w]).filter(([n]) => n > 0).map(([n, w]) => `${n} ${w}`);
      const open = r.map.filter((m) => m.value === null).length;
      if (open) counts.push(`${open} not proved`);
      lines.push(`Moves: ${counts.join(", ")}`);
      if (r.best) lines.push(`Best: ${r.best} (keeps the ${r.value})`);
      if (by("win").length) lines.push(`Winning: ${by("win").join(" ")}`);
    }
  } else if (r.best) {
    const score = r.method === "mcts"
      ? `win rate ${percent(r.score / 1000)} for ${who}`
      : r.verdict ? `${who} ${r.verdict.replace(/^win/, "wins").replace(/^loss/, "loses")}` : `score ${r.score > 0 ? "+" : ""}${r.score} for ${who}`;
    lines.push(`Best: ${r.best} · ${score}`);
    lines.push(r.method === "mcts" ? `${r.nodes.toLocaleString("en")} playouts, round ${r.rounds}` : `depth ${r.depth}, ${r.nodes.toLocaleString("en")} nodes`);
  }
  if (r.pv.length > 1) lines.push(`Line: ${r.pv.map((s, i) => `${i + 1}. ${s.move}`).join(" ")}`);
  const time = `${r.elapsed.toFixed(1)} s of ${r.seconds} s`;
  if (r.running) lines.push(`Thinking… ${time}`);
  else if (r.error) lines.push(`Failed: ${r.error}`);
  else if (r.ended) lines.push(`${r.ended.charAt(0).toUpperCase()}${r.ended.slice(1)} (${time})`);
  out.textContent = lines.join("\n");
  bar.hidden = r.bar === null || r.bar === undefined || r.players.length < 2;
  if (!bar.hidden) {
    const [[a, ca], [b, cb]] = r.players;
    $("#analysis-bar-first").style.width = percent(r.bar);
    $("#analysis-bar-first").style.background = ca;
    bar.style.background = cb;
    bar.title = `${a} ${percent(r.bar)}, ${b} ${percent(1 - r.bar)}`;
    $("#analysis-bar-text").textContent = `${a} ${percent(r.bar)} · ${b} ${percent(1 - r.bar)}`;
  }
  decorate();
}

// The report's marks on the board, when it is of the board shown: the principal
// variation's ghosts, numbered, and Solve's map of the moves' values.
function decorate() {
  const svg = $("#board svg");
  if (!svg) return;
  for (const g of svg.querySelectorAll(".ghosts")) g.remove();
  for (const el of svg.querySelectorAll("[data-cell][data-value]")) delete el.dataset.value;
  const b = ctx && ctx.shown();
  const r = report;
  if (!r || !b || r.position !== b.position || !r.serial) return;
  // a map only where each move is one cell of its own (Hex), else the words say it
  const cells = r.map.map((m) => m.cells);
  const drawable = cells.every((c) => c.length === 1) && new Set(cells.map((c) => c[0])).size === cells.length;
  if (drawable) {
    for (const m of r.map) {
      const el = svg.querySelector(`[data-cell="${CSS.escape(m.cells[0])}"]`);
      if (el) el.dataset.value = m.value || "open";
    }
  }
  $("#analysis-legend").hidden = !(drawable && r.map.length);
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "ghosts");
  layer.setAttribute("pointer-events", "none");
  r.pv.slice(0, GHOSTS).forEach((step, i) => {
    for (const cell of step.cells) {
      const el = svg.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
      if (!el) continue;
      const box = el.getBBox();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const radius = Math.min(box.width, box.height) * 0.33;
      const ghost = document.createElementNS(SVG, "circle");
      ghost.setAttribute("cx", x);
      ghost.setAttribute("cy", y);
      ghost.setAttribute("r", radius);
      ghost.setAttribute("fill", step.colour);
      ghost.setAttribute("fill-opacity", "0.45");
      ghost.setAttribute("stroke", step.colour);
      ghost.setAttribute("stroke-dasharray", "3 2");
      const number = document.createElementNS(SVG, "text");
      number.setAttribute("x", x);
      number.setAttribute("y", y);
      number.setAttribute("text-anchor", "middle");
      number.setAttribute("dominant-baseline", "central");
      number.setAttribute("font-size", radius * 1.2);
      number.setAttribute("font-weight", "bold");
      number.setAttribute("fill", "#111");
      number.textContent = i + 1;
      const g = document.createElementNS(SVG, "g");
      g.dataset.ghost = i + 1;
      g.append(ghost, number);
      layer.append(g);
    }
  });
  svg.append(layer);
}
