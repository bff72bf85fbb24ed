"""The HTML pages of the browser tasks: a maze, a memory product, a colour drawing.

Each page is self-contained (inline CSS and JavaScript), runs its game from the seed
written into it with the generator of :mod:`droidhub_aw_apps.browser.games`, and
shows ``Success!`` when won, which is what the tasks look for on screen. The
``<body>`` names the game and the seed (``data-game``, ``data-seed``) so that the
virtual phone's Chrome can play the same game without a JavaScript engine.
"""

from __future__ import annotations

import re
from string import Template

_RNG_JS = """
function makeRng(seed) {
  let state = seed;
  return function () {
    state = (1664525 * state + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}
"""

#: A game's page: its body names the game and the seed; its script starts with the
#: seeded generator (``$rng``) and reads ``$seed``.
_PAGE = """<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
{head}<title>{title}</title>
<style>
{style}</style>
</head>
<body data-game="{game}" data-seed="$seed">
{body}<script>
$rng
{script}</script>
</body>
</html>
"""


def _page(game: str, title: str, style: str, body: str, script: str, head: str = "") -> Template:
    """The page of ``game``, titled ``title``, with its CSS, its markup and its script
    (``head``: more of the ``<head>``, before the title), to be filled with
    ``$seed``, ``$rng`` and ``$palette``."""
    return Template(
        _PAGE.format(game=game, title=title, style=style, body=body, script=script, head=head)
    )


_MAZE = _page(
    "maze",
    "Maze",
    style="""\
  #grid { display: grid; grid-template-columns: repeat(4, 110px); gap: 2px; }
  #grid div { height: 110px; border: 1px solid #333; font: 56px sans-serif;
              display: flex; align-items: center; justify-content: center; }
  #grid .wall { background: #000; }
  #grid .goal { background: #0a0; }
  #pad button { font-size: 30px; padding: 15px 28px; margin: 10px 5px 0 0; }
""",
    body="""\
<div id="grid"></div>
<div id="pad">
  <button onclick="step(-1, 0)">Up</button>
  <button onclick="step(1, 0)">Down</button>
  <button onclick="step(0, -1)">Left</button>
  <button onclick="step(0, 1)">Right</button>
</div>
""",
    script="""\
const N = 4;
const rand = makeRng($seed);
const cells = [];
for (let r = 0; r < N; r++) cells.push(new Array(N).fill('#'));
const todo = [[0, 0]];
const dirs = [[-1, 0], [1, 0], [0, -1], [0, 1]];
while (todo.length) {
  const [r, c] = todo.pop();
  cells[r][c] = ' ';
  if (r === N - 1 && c === N - 1) break;
  for (let i = dirs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = dirs[i]; dirs[i] = dirs[j]; dirs[j] = t;
  }
  for (const [dr, dc] of dirs) {
    const nr = r + dr, nc = c + dc;
    if (nr >= 0 && nr < N && nc >= 0 && nc < N && cells[nr][nc] === '#') todo.push([nr, nc]);
  }
}
cells[0][0] = ' ';
cells[N - 1][N - 1] = '$$';
let at = [0, 0];
function draw() {
  const grid = document.getElementById('grid');
  grid.innerHTML = '';
  for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) {
    const d = document.createElement('div');
    if (cells[r][c] === '#') d.className = 'wall';
    else if (r === at[0] && c === at[1]) d.textContent = 'X';
    else if (cells[r][c] === '$$') d.className = 'goal';
    grid.appendChild(d);
  }
}
function step(dr, dc) {
  const r = at[0] + dr, c = at[1] + dc;
  if (r < 0 || r >= N || c < 0 || c >= N || cells[r][c] === '#') return;
  at = [r, c];
  draw();
  if (cells[r][c] === '$$') document.body.innerHTML = '<h1>Success!</h1>';
}
draw();
""",
)

_MULTIPLY = _page(
    "multiply",
    "Memory",
    style="""\
  body { text-align: center; margin-top: 50px; }
  #number { font-size: 48px; margin-bottom: 20px; }
  #more { font-size: 24px; padding: 10px 20px; }
  #form input, #form button { font-size: 18px; padding: 5px; }
""",
    body="""\
<div id="number"></div>
<button id="more" onclick="more()">Click Me</button>
<div id="form" style="display: none">
  <input id="answer" type="number" placeholder="Enter the product">
  <button onclick="check()">Submit</button>
</div>
<div id="result"></div>
""",
    script="""\
const rand = makeRng($seed);
const seen = [];
let clicks = 0;
function show() {
  const n = Math.floor(rand() * 10) + 1;
  seen.push(n);
  document.getElementById('number').textContent = n;
}
function more() {
  clicks += 1;
  if (clicks < 5) { show(); return; }
  document.getElementById('more').style.display = 'none';
  document.getElementById('number').style.display = 'none';
  document.getElementById('form').style.display = 'block';
}
function check() {
  const given = parseInt(document.getElementById('answer').value);
  const product = seen.reduce((a, b) => a * b, 1);
  const won = given === product;
  document.getElementById('result').innerHTML = won ? '<h2>Success!</h2>' : '<h2></h2>';
}
show();
""",
)

_DRAW = _page(
    "draw",
    "Colours",
    style="""\
  body { text-align: center; font-size: 14px; }
  #wanted span { display: inline-block; width: 50px; height: 50px; margin: 5px; }
  canvas { border: 1px solid #000; touch-action: none; }
  #palette { display: flex; flex-wrap: wrap; justify-content: center;
             max-width: 300px; margin: 0 auto; }
  #palette button { width: 30px; height: 30px; margin: 3px; border: none; }
""",
    body="""\
<div id="wanted"></div>
<canvas id="canvas" width="300" height="300" aria-label="drawing canvas"></canvas>
<p>Available Colors:</p>
<div id="palette"></div>
<button id="clear">Clear</button>
<button id="submit">Submit</button>
<p id="result"></p>
""",
    script="""\
const rand = makeRng($seed);
const palette = $palette;
const canvas = document.getElementById('canvas');
const ctx = canvas.getContext('2d');
const left = palette.slice();
const wanted = [];
for (let i = 0; i < 3; i++) wanted.push(left.splice(Math.floor(rand() * left.length), 1)[0]);
for (const colour of wanted) {
  const s = document.createElement('span');
  s.style.background = colour;
  document.getElementById('wanted').appendChild(s);
}
for (const colour of palette) {
  const b = document.createElement('button');
  b.style.background = colour;
  b.onclick = () => { ctx.strokeStyle = colour; };
  document.getElementById('palette').appendChild(b);
}
let last = null;
function point(e) {
  const box = canvas.getBoundingClientRect();
  const p = e.touches ? e.touches[0] : e;
  return [(p.clientX - box.left) * canvas.width / box.width,
          (p.clientY - box.top) * canvas.height / box.height];
}
function start(e) { last = point(e); }
function move(e) {
  if (!last) return;
  e.preventDefault();
  const p = point(e);
  ctx.beginPath(); ctx.moveTo(last[0], last[1]); ctx.lineTo(p[0], p[1]); ctx.stroke();
  last = p;
}
function stop() { last = null; }
for (const [name, fn] of [['mousedown', start], ['mousemove', move], ['mouseup', stop],
    ['mouseout', stop], ['touchstart', start], ['touchmove', move], ['touchend', stop]]) {
  canvas.addEventListener(name, fn);
}
function hex(v) { return v.toString(16).padStart(2, '0'); }
document.getElementById('clear').onclick = () => ctx.clearRect(0, 0, canvas.width, canvas.height);
document.getElementById('submit').onclick = () => {
  const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const used = new Set();
  for (let i = 0; i < px.length; i += 4) {
    used.add('#' + hex(px[i]) + hex(px[i + 1]) + hex(px[i + 2]));
  }
  document.getElementById('result').textContent = wanted.every(c => used.has(c)) ? 'Success!' : '';
};
""",
    head='<meta name="viewport" content="width=device-width, initial-scale=1">\n',
)

GAMES = ("maze", "multiply", "draw")
_BODY = re.compile(r'<body data-game="(\w+)" data-seed="(\d+)"')


def page_html(game: str, seed: int) -> str:
    """The page of ``game`` (``maze``, ``multiply`` or ``draw``) for ``seed``."""
    from droidhub_aw_apps.browser.games import PALETTE

    templates = {"maze": _MAZE, "multiply": _MULTIPLY, "draw": _DRAW}
    if game not in templates:
        raise ValueError(f"unknown browser game {game!r}; choose one of {GAMES}")
    palette = "[" + ", ".join(f"'{c}'" for c in PALETTE) + "]"
    return templates[game].substitute(seed=seed, rng=_RNG_JS, palette=palette)


def page_game(html: str) -> tuple[str, int] | None:
    """``(game, seed)`` named by a page's ``<body>``, or None for any other page."""
    found = _BODY.search(html)
    return (found.group(1), int(found.group(2))) if found else None
