// The HTML report's linked steps: an episode's steps drawn when it is opened, from
// the JSON block droidhub.report.html_links writes. Recorded text is set as text.
(() => {
  const data = JSON.parse(document.getElementById('droidhub-steps').textContent);
  const el = (tag, cls, text) => { const n = document.createElement(tag);
    if (cls) n.className = cls; if (text !== undefined) n.textContent = text; return n; };
  function step(s) {
    const [index, action, error, shot, width, height, x, y, info] = s;
    const box = el('div', 'step');
    box.append(el('b', '', `Step ${index} `), el('code', '', action));
    if (error) box.append(el('div', 'bad', error));
    if (info) {
      if (info.facts) box.append(el('div', 'agent', info.facts));
      if (info.parse_error) box.append(el('div', 'bad', 'reply not understood: ' + info.parse_error));
      if (info.prompt) { const a = el('a', '', 'what the model saw'); a.href = info.prompt; box.append(el('div'), a); }
      if (info.reply) { const d = el('details'); d.append(el('summary', '', 'reply'), el('pre', '', info.reply)); box.append(d); }
    }
    if (shot) {
      const a = el('a', 'shot'); a.href = shot;
      const img = el('img'); img.loading = 'lazy'; img.src = shot; img.alt = `step ${index}`;
      img.width = 360; img.height = Math.round(360 * height / width); a.append(img);
      if (x !== null) { const i = el('i', 'tap'); i.style.left = x + '%'; i.style.top = y + '%'; a.append(i); }
      box.append(a);
    }
    return box;
  }
  for (const d of document.querySelectorAll('details[data-e]')) {
    d.addEventListener('toggle', () => {
      const holder = d.querySelector(':scope > .steps');
      if (!d.open || holder.dataset.drawn) return;
      holder.dataset.drawn = '1';
      holder.append(...(data[d.dataset.e] || []).map(step));
    });
  }
})();
