// The New game form's options: a field for each option the chosen game declares,
// typed by its kind (a number in its range, a checkbox, a menu of its choices, a
// name), its default shown.  The options text box (`#options`, key=value ...) stays
// what the form sends: the fields write it, and follow it when it is set (a game's
// state, the address's ?options=).  A game that declares no options (a rule file
// served from disk) keeps the text box to type them.

const $ = (sel) => document.querySelector(sel);

let games = [];  // GET /api/games
let specs = [];  // the chosen game's option specs

export function setupOptions(listed) {
  games = listed;
  $("#options").addEventListener("input", fieldsFromText);
}

function fieldOf(key) {
  return $(`#option-fields [data-option="${CSS.escape(key)}"]`);
}

function valueOf(field, spec) {
  if (spec.type === "bool") return field.checked ? "true" : "false";
  return field.value.trim();
}

// The options text from the fields: the options that differ from their defaults.
function textFromFields() {
  $("#options").value = specs
    .map((o) => [o.key, valueOf(fieldOf(o.key), o), o.default])
    .filter(([, v, d]) => v !== "" && v !== d)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
}

// The fields from the options text (an option it does not name: its default).
export function fieldsFromText() {
  const given = {};
  for (const item of $("#options").value.split(/\s+/).filter(Boolean)) {
    const at = item.indexOf("=");
    if (at > 0) given[item.slice(0, at)] = item.slice(at + 1);
  }
  for (const o of specs) {
    const field = fieldOf(o.key);
    const v = given[o.key] ?? o.default;
    if (o.type === "bool") field.checked = v === "true";
    else field.value = v;
  }
}

function field(o) {
  let input;
  if (o.type === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
  } else if (o.type === "choice") {
    input = document.createElement("select");
    for (const c of o.choices) {
      const opt = document.createElement("option");
      opt.value = opt.textContent = c;
      input.append(opt);
    }
  } else {
    input = document.createElement("input");
    if (o.type === "int") {
      input.type = "number";
      input.min = o.min;
      input.max = o.max;
      input.placeholder = o.default;
    } else {
      input.placeholder = o.default;
      input.pattern = "[A-Za-z0-9]+";
    }
  }
  input.dataset.option = o.key;
  input.title = `${o.meaning}: ${o.kind} (default ${o.default})`;
  input.addEventListener(o.type === "bool" || o.type === "choice" ? "change" : "input", textFromFields);
  const label = document.createElement("label");
  label.append(`${o.key} `, input);
  return label;
}

// The chosen game's fields, at their defaults; the text box empty (its defaults).
export function optionsFor(name) {
  const g = games.find((x) => x.name === name);
  specs = g ? g.options : [];
  $("#options").value = "";
  $("#options").placeholder = specs.length === 0
    ? `${name} has no options`
    : `options: ${specs.map((o) => `${o.key}=${o.default}`).join(" ")}`;
  $("#options").title = specs.map((o) => `${o.key} (${o.kind}): ${o.meaning}`).join("\n");
  // a game that names no options of its own may still take some: typed in the box
  $("#options").hidden = specs.length > 0;
  const box = $("#option-fields");
  box.innerHTML = "";
  for (const o of specs) box.append(field(o));
  fieldsFromText();
}
