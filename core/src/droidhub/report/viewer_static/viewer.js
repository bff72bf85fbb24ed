// droidhub view: filters, search, the step player and two runs side by side.
// Everything a run recorded is shown as text (textContent), never as markup.
"use strict";

const state = {index: null, mode: "list", players: []};
const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function svgEl(tag, attrs) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

async function getJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// --- filters --------------------------------------------------------------------------
const FILTERS = {
  "f-run": (e) => String(e.run),
  "f-family": (e) => e.family,
  "f-app": (e) => e.apps,
  "f-task": (e) => e.task,
  "f-outcome": (e) => e.outcome,
  "f-kind": (e) => e.error_kind,
};

function fillSelect(id, values, label) {
  const select = $(id);
  select.replaceChildren(el("option", {value: ""}, "all"));
  for (const value of values) select.append(el("option", {value}, label ? label(value) : value));
}

function distinct(getter) {
  const seen = new Set();
  for (const e of state.index.episodes) {
    const v = getter(e);
    for (const item of Array.isArray(v) ? v : [v]) if (item !== "" && item !== null) seen.add(item);
  }
  return [...seen].sort();
}

function matches(e) {
  for (const [id, getter] of Object.entries(FILTERS)) {
    const wanted = $(id).value;
    if (!wanted) continue;
    const v = getter(e);
    if (Array.isArray(v) ? !v.includes(wanted) : v !== wanted) return false;
  }
  const words = $("search").value.toLowerCase().split(/\s+/).filter(Boolean);
  const goal = e.goal.toLowerCase();
  return words.every((w) => goal.includes(w));
}

function runName(number) {
  const run = state.index.runs[Number(number)];
  return run ? `${run.run}: ${run.name}` : String(number);
}

// --- the episode list -----------------------------------------------------------------
function renderList() {
  const shown = state.index.episodes.filter(matches);
  $("count").textContent = `${shown.length} of ${state.index.episodes.length} episodes`;
  const rows = shown.map((e) =>
    el("tr", {"data-key": e.key, "data-run": e.run, onclick: () => openPlayers([e])},
      el("td", {}, runName(e.run)),
      el("td", {}, e.key),
      el("td", {}, e.goal),
      el("td", {class: e.outcome}, e.outcome + (e.error_kind ? ` (${e.error_kind})` : "")),
      el("td", {class: "num"}, e.reward.toFixed(3)),
      el("td", {class: "num"}, `${e.steps}/${e.max_steps}`),
      el("td", {class: "num"}, e.duration_s.toFixed(1)),
      el("td", {class: "num"}, e.tokens || "")));
  $("episodes").tBodies[0].replaceChildren(...rows);
  if (state.mode === "compare") renderCompare(shown);
}

function renderErrors() {
  const items = state.index.errors.map((c) =>
    el("li", {title: "show these episodes", onclick: () => { $("f-kind").value = c.kind; $("f-outcome").value = "error"; renderList(); }},
      el("b", {}, `${c.count}× ${c.kind}`), " ", c.error));
  $("errors").querySelector("ul").replaceChildren(...(items.length ? items : [el("li", {}, "none")]));
}

// --- two runs side by side ------------------------------------------------------------
function renderCompare(shown) {
  const runs = state.index.runs.map((r) => r.run);
  const byTask = new Map();
  for (const e of shown) {
    const task = `${e.family}/${e.task}`;
    if (!byTask.has(task)) byTask.set(task, new Map(runs.map((r) => [r, []])));
    byTask.get(task).get(e.run).push(e);
  }
  const head = el("tr", {}, el("th", {}, "task"), ...runs.map((r) => el("th", {}, runName(r))));
  const rows = [...byTask.entries()].sort().map(([task, perRun]) =>
    el("tr", {"data-task": task, onclick: () => openPlayers(runs.map((r) => perRun.get(r)[0]).filter(Boolean))},
      el("td", {}, task),
      ...runs.map((r) => {
        const eps = perRun.get(r);
        const ok = eps.filter((e) => e.outcome === "success").length;
        return el("td", {class: ok === eps.length && eps.length ? "success" : ok ? "partial" : "failure"},
          eps.length ? `${ok}/${eps.length} solved` : "—");
      })));
  $("compare").replaceChildren(el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
}

function setMode(mode) {
  state.mode = mode;
  $("mode-list").classList.toggle("on", mode === "list");
  $("mode-compare").classList.toggle("on", mode === "compare");
  $("episodes").hidden = mode !== "list";
  $("compare").hidden = mode !== "compare";
  renderList();
}

// --- the step player ------------------------------------------------------------------
async function openPlayers(episodes) {
  const details = await Promise.all(episodes.map((e) =>
    getJSON(`/api/episode?run=${e.run}&family=${encodeURIComponent(e.family)}` +
            `&task=${encodeURIComponent(e.task)}&instance=${e.instance}`)));
  state.players = details.map((d) => ({detail: d, step: 0, node: el("div", {class: "player"})}));
  $("players").replaceChildren(...state.players.map((p) => p.node));
  state.players.forEach(renderPlayer);
  $("players").scrollIntoView({block: "start"});
}

function target(step) {
  // Where the action acted: its point, else its element's box (with the point at its middle).
  const action = step.action || {};
  const elements = step.ui_elements || [];
  let box = null;
  if (Number.isInteger(action.index) && action.index >= 0 && action.index < elements.length) {
    box = elements[action.index].bounds || null;
  }
  if (Number.isInteger(action.x) && Number.isInteger(action.y)) return {point: [action.x, action.y], box};
  if (box) return {point: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2], box};
  return {point: null, box: null};
}

function shotView(player, step) {
  if (!step.screenshot) return el("div", {class: "shot"}, "(no screenshot: the agent saw the UI tree only)");
  const r = player.detail.result;
  const src = `/files/${player.detail.run}/${encodeURIComponent(r.family)}/${encodeURIComponent(r.task)}/${r.instance}/${encodeURIComponent(step.screenshot)}`;
  const [width, height] = step.size;
  const svg = svgEl("svg", {viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: "none", class: "marks"});
  const {point, box} = target(step);
  if (box) svg.append(svgEl("rect", {x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1],
    fill: "none", stroke: "#1a73e8", "stroke-width": 8}));
  const arrows = {up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0]};
  const way = arrows[(step.action || {}).direction];
  if (way) {  // a scroll or swipe: which way, from its element's middle or the screen's
    const [x, y] = point || [width / 2, height / 2];
    const [dx, dy] = [way[0] * width / 4, way[1] * height / 6];
    svg.append(svgEl("line", {x1: x, y1: y, x2: x + dx, y2: y + dy, stroke: "#e60000", "stroke-width": 12}));
    svg.append(svgEl("circle", {cx: x + dx, cy: y + dy, r: 20, fill: "#e60000"}));
  } else if (point) {
    svg.append(svgEl("circle", {cx: point[0], cy: point[1], r: 36, fill: "none", stroke: "#e60000", "stroke-width": 10}));
    svg.append(svgEl("circle", {cx: point[0], cy: point[1], r: 8, fill: "#e60000"}));
  }
  return el("div", {class: "shot"}, el("img", {src, loading: "lazy", alt: `step ${step.index}`}), svg);
}

function agentFacts(info) {
  if (!info) return [];
  const facts = [];
  const usage = info.usage || {};
  const line = [info.model, usage.prompt_tokens !== undefined ? `${usage.prompt_tokens} + ${usage.completion_tokens} tokens` : null,
    usage.latency_s !== undefined ? `${Number(usage.latency_s).toFixed(2)} s` : null].filter(Boolean).join(", ");
  if (line) facts.push(el("p", {class: "model"}, line));
  if (info.parse_error) facts.push(el("p", {class: "bad"}, `reply not understood: ${info.parse_error}`));
  for (const key of ["reason", "reflection", "summary"]) {
    if (info[key]) facts.push(el("p", {}, el("b", {}, `${key}: `), info[key]));
  }
  if (info.reply) facts.push(el("details", {}, el("summary", {}, "reply"), el("pre", {}, info.reply)));
  return facts;
}

function renderPlayer(player) {
  const d = player.detail;
  const r = d.result;
  const steps = d.steps;
  const step = steps[player.step];
  const move = (by) => { player.step = Math.max(0, Math.min(steps.length - 1, player.step + by)); renderPlayer(player); };
  const head = [
    el("h3", {}, `${runName(d.run)} · ${r.family}/${r.task}/${r.instance} · `,
      el("span", {class: d.outcome}, d.outcome), ` · reward ${r.reward.toFixed(3)}`),
    el("p", {class: "goal"}, r.goal),
  ];
  if (r.error) head.push(el("p", {class: "bad"}, `${r.error_kind || "error"}: ${r.error}`));
  if (!step) {
    player.node.replaceChildren(...head, el("p", {}, "No steps recorded."));
    return;
  }
  const controls = el("div", {class: "controls"},
    el("button", {class: "prev", onclick: () => move(-1)}, "◀ prev"),
    el("span", {class: "position"}, `step ${player.step + 1} of ${steps.length}`),
    el("button", {class: "next", onclick: () => move(1)}, "next ▶"),
    el("span", {}, step.foreground || ""));
  const facts = el("div", {class: "facts"},
    el("p", {}, el("b", {}, "action: "), el("code", {class: "action"}, JSON.stringify(step.action))),
    step.error ? el("p", {class: "bad"}, step.error) : null,
    ...agentFacts(step.agent_info),
    ...step.prompts.map((text, i) => el("details", {class: "prompt"},
      el("summary", {}, step.prompts.length > 1 ? `request ${i + 1} of ${step.prompts.length}` : "what the model saw"),
      el("pre", {}, text))),
    el("details", {class: "elements"}, el("summary", {}, `UI elements (${step.ui_elements.length})`),
      el("pre", {}, step.ui_elements.map((e, i) => `${i}: ${(e.class_name || "").split(".").pop()}` +
        (e.text ? ` text=${JSON.stringify(e.text)}` : "") +
        (e.content_description ? ` desc=${JSON.stringify(e.content_description)}` : "") +
        (e.resource_id ? ` id=${e.resource_id.split("/").pop()}` : "") +
        (e.clickable ? " clickable" : "")).join("\n"))));
  player.node.replaceChildren(...head, controls, el("div", {class: "body"}, shotView(player, step), facts));
}

document.addEventListener("keydown", (event) => {
  if (event.target.tagName === "INPUT" || !state.players.length) return;
  const by = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
  if (!by) return;
  for (const p of state.players) { p.step = Math.max(0, Math.min(p.detail.steps.length - 1, p.step + by)); renderPlayer(p); }
});

// --- start ----------------------------------------------------------------------------
async function start() {
  state.index = await getJSON("/api/index");
  $("runs").textContent = state.index.runs.map((r) =>
    `${r.run}: ${r.name} (${r.agent || "?"}, ${r.episodes} episodes)`).join(" · ");
  fillSelect("f-run", state.index.runs.map((r) => String(r.run)), runName);
  fillSelect("f-family", distinct(FILTERS["f-family"]));
  fillSelect("f-app", distinct(FILTERS["f-app"]));
  fillSelect("f-task", distinct(FILTERS["f-task"]));
  fillSelect("f-outcome", ["success", "partial", "failure", "error"]);
  fillSelect("f-kind", distinct(FILTERS["f-kind"]));
  for (const id of Object.keys(FILTERS)) $(id).addEventListener("change", renderList);
  $("search").addEventListener("input", renderList);
  $("mode-list").addEventListener("click", () => setMode("list"));
  $("mode-compare").addEventListener("click", () => setMode("compare"));
  $("mode-compare").hidden = state.index.runs.length < 2;
  renderErrors();
  renderList();
}

start().catch((error) => { document.body.prepend(el("p", {class: "bad"}, String(error))); });
