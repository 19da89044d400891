// The rules playground: a rule file edited in the page (kept in this tab's
// sessionStorage, never on the server's disk), linted as it is typed (debounced, one
// lint at a time, its findings at their lines), played on the board, checked against
// a built-in game or its other tier, and downloaded.

const $ = (s) => document.querySelector(s);
const src = $("#source");
const LINE = 18; // px: the editor's line height (playground.css)
const DEBOUNCE = 450; // ms after the last key before the text is linted
const KEY = "ludolog-playground";

let findings = []; // the last lint's findings, for the text `linted`
let linted = null;
let lintTimer = null;
let linting = false;
let again = false;
let loaded = ""; // the text as last loaded from a starter: what "unchanged" means

async function api(method, path, body) {
  const r = await fetch(path, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
  if (!r.ok) {
    const e = new Error(data.error || `the server answered ${r.status}`);
    e.status = r.status;
    throw e;
  }
  return data;
}

function say(text) { $("#message").textContent = text || ""; }

// The options box as the API takes them: "size=5 line=4" (or with commas).
function options() {
  const out = {};
  for (const item of $("#options").value.split(/[\s,]+/).filter(Boolean)) {
    const i = item.indexOf("=");
    if (i > 0) out[item.slice(0, i)] = item.slice(i + 1);
    else out[item] = "true";
  }
  return out;
}

function given() { return { text: src.value, options: options(), tier: $("#tier").value }; }

function save() {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({
      text: src.value, options: $("#options").value, tier: $("#tier").value, loaded,
    }));
  } catch { /* a full or disabled storage keeps the text in the page only */ }
}

// The module the text declares, for the downloaded file's name.
function moduleName() {
  const m = /:-\s*module\(\s*([a-z][A-Za-z0-9_]*)/.exec(src.value);
  return m ? m[1] : "my_game";
}

// --- the gutter: line numbers, and a mark at each line a finding names ---------

function drawGutter() {
  const lines = src.value.split("\n").length;
  const bad = new Map();
  for (const f of findings) if (f.line > 0) bad.set(f.line, [...(bad.get(f.line) || []), f]);
  const gutter = $("#gutter");
  const rows = [];
  for (let n = 1; n <= lines; n++) {
    const fs = bad.get(n);
    const title = fs ? ` title="${escapeHtml(fs.map((f) => `${f.check}: ${f.message}`).join("\n"))}"` : "";
    rows.push(`<div data-line="${n}"${fs ? ' class="bad"' : ""}${title}>${n}</div>`);
  }
  // findings past the end of the text (it was cut since) still show at its end
  gutter.innerHTML = rows.join("") + `<div style="height:${LINE * 2}px"></div>`;
  gutter.scrollTop = src.scrollTop;
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// Selects line `n` in the editor and scrolls it into view.
function goToLine(n) {
  const lines = src.value.split("\n");
  n = Math.max(1, Math.min(n, lines.length));
  let start = 0;
  for (let i = 0; i < n - 1; i++) start += lines[i].length + 1;
  src.focus();
  src.setSelectionRange(start, start + lines[n - 1].length);
  src.scrollTop = Math.max(0, (n - 1) * LINE - src.clientHeight / 3);
  showCursor();
}

function showCursor() {
  const before = src.value.slice(0, src.selectionStart).split("\n");
  $("#cursor-at").textContent = `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

// --- lint as you type --------------------------------------------------------

function lintState(text, clean) {
  const s = $("#status");
  s.textContent = text;
  s.classList.toggle("clean", !!clean);
}

function showFindings(report) {
  findings = report.findings || [];
  const list = $("#findings");
  list.classList.remove("stale");
  list.innerHTML = "";
  for (const f of findings) {
    const li = document.createElement("li");
    li.dataset.line = f.line;
    const where = document.createElement("span");
    where.className = "where";
    where.textContent = f.line > 0 ? `line ${f.line}` : "the file";
    const check = document.createElement("span");
    check.className = "check";
    check.textContent = ` ${f.check}${f.predicate ? ` ${f.predicate}` : ""}: `;
    li.append(where, check, f.message);
    if (f.moves && f.moves.length) li.append(`\n  after ${f.moves.join(" ")}`);
    if (f.line > 0) li.addEventListener("click", () => goToLine(f.line));
    list.append(li);
  }
  const games = report.games ? ` · ${report.games} random game${report.games === 1 ? "" : "s"}, ${report.positions} positions` : "";
  // why the random games stopped or were not played: on hover, not in the way
  const notes = [report.skipped, report.stopped].filter(Boolean).join("\n");
  lintState(findings.length === 0
    ? `no findings${games}`
    : `${findings.length} finding${findings.length === 1 ? "" : "s"}${games}`,
  findings.length === 0);
  $("#status").title = notes;
  drawGutter();
}

function edited() {
  save();
  drawGutter();
  showCursor();
  $("#findings").classList.add("stale");
  clearTimeout(lintTimer);
  lintTimer = setTimeout(lint, DEBOUNCE);
}

// One lint at a time: text typed while one runs is linted when it ends.
async function lint() {
  lintTimer = null;
  if (linting) { again = true; return; }
  const body = given();
  if (!body.text.trim()) {
    showFindings({ findings: [] });
    lintState("");
    return;
  }
  linting = true;
  again = false;
  lintState("linting…");
  try {
    const report = await api("POST", "/api/playground/lint", body);
    if (src.value === body.text) { linted = body.text; showFindings(report); }
  } catch (e) {
    // a busy server (503) is asked again after the next pause
    lintState(e.status === 503 ? "waiting for the server…" : `lint failed: ${e.message}`);
    if (e.status === 503) again = true;
  } finally {
    linting = false;
    if ((again || src.value !== body.text) && lintTimer === null) {
      lintTimer = setTimeout(lint, DEBOUNCE);
    }
  }
}

// --- starters, Play, Check, Download ------------------------------------------

async function loadStarter(name) {
  if (!name) return;
  if (src.value.trim() && src.value !== loaded
      && !confirm("Replace the text in the editor? (Download it first to keep it.)")) {
    $("#starter").value = "";
    return;
  }
  say("");
  try {
    const s = await api("GET", `/api/playground/starters/${encodeURIComponent(name)}`);
    src.value = loaded = s.text;
    src.setSelectionRange(0, 0);
    src.scrollTop = 0;
    const option = [...$("#against").options].find((o) => o.value === `game:${name}`);
    if (option) $("#against").value = option.value;
    edited();
    clearTimeout(lintTimer);
    lint();
  } catch (e) { say(e.message); }
  $("#starter").value = "";
}

async function play() {
  say("");
  $("#play").disabled = true;
  try {
    const s = await api("POST", "/api/playground/play", given());
    save();
    location.href = `/#${s.id}`;
  } catch (e) {
    say(e.message);
    const at = /:(\d+):/.exec(e.message);
    if (at) goToLine(Number(at[1]));
  } finally {
    $("#play").disabled = false;
  }
}

async function check() {
  say("");
  const out = $("#check-result");
  out.className = "";
  let against = $("#against").value;
  if (against === "tier:other") against = `tier:${$("#tier").value === "spec" ? "accelerated" : "spec"}`;
  const [kind, name] = [against.slice(0, against.indexOf(":")), against.slice(against.indexOf(":") + 1)];
  out.textContent = `checking against ${kind === "tier" ? `the ${name} tier` : name}…`;
  $("#check").disabled = true;
  try {
    const r = await api("POST", "/api/playground/check", {
      ...given(), against: { [kind]: name }, games: Number($("#check-games").value),
    });
    out.className = r.agrees ? "agrees" : "differs";
    // a check whose time ran out reports the games it played
    const verdict = r.agrees ? (r.complete ? "they agree" : `they agree so far (${r.report.games} games)`) : "they differ";
    out.textContent = `${verdict}\n\n${r.text}`;
  } catch (e) {
    out.textContent = "";
    say(e.message);
  } finally {
    $("#check").disabled = false;
  }
}

function download() {
  const blob = new Blob([src.value], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `${moduleName()}.pl`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// Tab indents by four spaces where the cursor is (the rule files' indentation) and
// Shift+Tab takes up to four off the start of the line; after Escape, Tab moves the
// focus on as everywhere else, so the editor never traps the keyboard.
let tabLeaves = false;
function indentKey(e) {
  if (e.key === "Escape") { tabLeaves = true; return; }
  const leave = tabLeaves;
  tabLeaves = false;
  if (e.key !== "Tab" || leave || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  const { selectionStart: from, selectionEnd: to, value } = src;
  if (e.shiftKey) {
    const line = value.lastIndexOf("\n", from - 1) + 1;
    const cut = value.slice(line, line + 4).match(/^ */)[0].length;
    src.setRangeText("", line, line + cut, "preserve");
    src.setSelectionRange(Math.max(line, from - cut), Math.max(line, to - cut));
  } else {
    src.setRangeText("    ", from, to, "end");
  }
  src.dispatchEvent(new Event("input"));
}

async function start() {
  src.addEventListener("input", edited);
  src.addEventListener("scroll", () => { $("#gutter").scrollTop = src.scrollTop; });
  src.addEventListener("click", showCursor);
  src.addEventListener("keyup", showCursor);
  src.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); play(); }
    indentKey(e);
  });
  $("#gutter").addEventListener("click", (e) => {
    const row = e.target.closest("div[data-line]");
    if (row && row.classList.contains("bad")) goToLine(Number(row.dataset.line));
  });
  $("#options").addEventListener("change", edited);
  $("#tier").addEventListener("change", edited);
  $("#starter").addEventListener("change", () => loadStarter($("#starter").value));
  $("#play").addEventListener("click", play);
  $("#check").addEventListener("click", check);
  $("#download").addEventListener("click", download);

  const [starters, games] = await Promise.all([
    api("GET", "/api/playground/starters"), api("GET", "/api/games"),
  ]);
  for (const s of starters.starters) {
    const o = document.createElement("option");
    o.value = s.name;
    o.textContent = s.label;
    $("#starter").append(o);
  }
  const other = document.createElement("option");
  other.value = "tier:other";
  other.textContent = "its other rule tier";
  $("#against").append(other);
  for (const g of games.games.filter((g) => g.tiers.length)) {
    const o = document.createElement("option");
    o.value = `game:${g.name}`;
    o.textContent = g.name;
    o.title = g.summary;
    $("#against").append(o);
  }

  let kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(KEY) || "null"); } catch { kept = null; }
  const from = new URLSearchParams(location.search).get("from");
  if (kept && kept.text && !from) {
    src.value = kept.text;
    loaded = kept.loaded || "";
    $("#options").value = kept.options || "";
    $("#tier").value = kept.tier || "spec";
    edited();
    clearTimeout(lintTimer);
    lint();
  } else {
    await loadStarter(from || "new-square");
  }
}

start();
