// Observation only: walk the rendered page and list what a WebView's accessibility
// tree would expose, as Android UI nodes. Evaluated by the virtual WebView app with
// DevTools' command line API (getEventListeners), never by a task or an oracle.
// Returns [title, nodes]; each node is
// [depth, class, text, contentDesc, resourceId, left, top, right, bottom, flags]
// with CSS-pixel bounds clipped to the viewport and to scrolling ancestors.
(function () {
  var SKIP_IDS = { 'reward-display': 1, 'click-canvas': 1, 'attention-canvas': 1 };
  var CLICK_EVENTS = ['click', 'mousedown', 'mouseup', 'touchstart', 'touchend', 'pointerdown'];
  var EDITABLE_INPUTS = {
    text: 1, password: 1, email: 1, number: 1, search: 1, tel: 1, url: 1,
    date: 1, time: 1, 'datetime-local': 1, month: 1, week: 1
  };
  var BUTTON_INPUTS = { button: 1, submit: 1, reset: 1, image: 1 };
  var F = {
    clickable: 1, checkable: 2, checked: 4, enabled: 8, focusable: 16, focused: 32,
    scrollable: 64, selected: 128, password: 256, longClickable: 512
  };
  var listeners = typeof getEventListeners === 'function' ? getEventListeners : null;
  var active = document.activeElement;
  var out = [];

  function norm(text) {
    return (text || '').replace(/\s+/g, ' ').trim();
  }

  function hasClickListener(el) {
    if (el.onclick || el.onmousedown || el.onmouseup || el.ontouchstart) return true;
    if (!listeners) return false;
    var found = listeners(el);
    for (var i = 0; i < CLICK_EVENTS.length; i++) {
      if (found[CLICK_EVENTS[i]] && found[CLICK_EVENTS[i]].length) return true;
    }
    return false;
  }

  function kindOf(el, tag) {
    // Platform UI the virtual WebView draws in the page (the <select> dialog).
    // 'hidden': drawn, but no node (a dialog's month title, its weekday initials).
    var declared = el.getAttribute('data-droidhub-class');
    if (declared) return declared === 'hidden' ? null : declared;
    var role = el.getAttribute('role');
    if (tag === 'input') {
      var type = (el.type || 'text').toLowerCase();
      if (type === 'checkbox') return 'android.widget.CheckBox';
      if (type === 'radio') return 'android.widget.RadioButton';
      if (type === 'range') return 'android.widget.SeekBar';
      if (BUTTON_INPUTS[type]) return 'android.widget.Button';
      if (type === 'hidden') return null;
      return 'android.widget.EditText';
    }
    if (tag === 'textarea' || el.isContentEditable) return 'android.widget.EditText';
    if (tag === 'button' || role === 'button') return 'android.widget.Button';
    if (tag === 'select') return 'android.widget.Spinner';
    if (role === 'checkbox') return 'android.widget.CheckBox';
    if (role === 'radio') return 'android.widget.RadioButton';
    if (role === 'slider') return 'android.widget.SeekBar';
    if (tag === 'img' || tag === 'svg' || tag === 'canvas') return 'android.widget.Image';
    if (tag === 'table') return 'android.widget.GridView';
    if (tag === 'ul' || tag === 'ol' || role === 'listbox' || role === 'list') {
      return 'android.widget.ListView';
    }
    return '';
  }

  function isInteractiveTag(tag) {
    return tag === 'a' || tag === 'button' || tag === 'input' || tag === 'select' ||
      tag === 'textarea' || tag === 'label' || tag === 'summary' || tag === 'option';
  }

  // Text of an element whose descendants are all inline and inert: read as one
  // label, the way accessibility merges "Select <b>foo</b> and submit".
  function textLeaf(el) {
    var kids = el.children;
    for (var i = 0; i < kids.length; i++) {
      var kid = kids[i];
      var tag = kid.tagName.toLowerCase();
      if (tag === 'br') continue;
      if (isInteractiveTag(tag) || tag === 'svg' || tag === 'img' || tag === 'canvas') return false;
      var style = getComputedStyle(kid);
      if (style.display === 'none') continue;
      if (style.display !== 'inline') return false;
      if (style.cursor === 'pointer' || hasClickListener(kid)) return false;
      if (!textLeaf(kid)) return false;
    }
    return true;
  }

  function ownText(el) {
    var parts = [];
    for (var n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) parts.push(n.data);
    }
    return norm(parts.join(' '));
  }

  // Whether an empty element draws anything (a colored square is a target; an empty
  // layout div is not).
  function paints(style) {
    var bg = style.backgroundColor;
    return bg !== 'transparent' && !/rgba\(.*, 0\)$/.test(bg) ||
      style.backgroundImage !== 'none' || parseFloat(style.borderTopWidth) > 0 &&
      style.borderTopStyle !== 'none';
  }

  function clip(rect, box) {
    return {
      l: Math.max(rect.left, box.l), t: Math.max(rect.top, box.t),
      r: Math.min(rect.right, box.r), b: Math.min(rect.bottom, box.b)
    };
  }

  function visit(el, depth, box) {
    if (SKIP_IDS[el.id]) return;
    var tag = el.tagName.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'head' || tag === 'option' ||
        tag === 'br') return;
    var style = getComputedStyle(el);
    if (style.display === 'none') return;
    var rect = el.getBoundingClientRect();
    var seen = clip(rect, box);
    var shown = style.visibility !== 'hidden' && parseFloat(style.opacity) > 0 &&
      seen.r - seen.l >= 1 && seen.b - seen.t >= 1;
    var kind = kindOf(el, tag);
    if (kind === null) return;
    var interactive = isInteractiveTag(tag) || kind !== '' && kind !== 'android.widget.Image' &&
      kind !== 'android.widget.GridView' && kind !== 'android.widget.ListView';
    // A listener on <body> is delegation (MiniWoB draws every click there), not a
    // sign that the whole page is one button.
    var clickable = tag !== 'label' && tag !== 'body' && (interactive ||
      style.cursor === 'pointer' || hasClickListener(el));
    var scrollable = (/(auto|scroll)/.test(style.overflowY) &&
      el.scrollHeight > el.clientHeight + 1) ||
      (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1);
    var wrapsControl = tag === 'label' && el.querySelector('input, select, textarea, button');
    var leaf = kind === '' && !clickable && !wrapsControl && textLeaf(el) ||
      kind === 'android.widget.Button' || tag === 'a' || tag === 'label' && !wrapsControl ||
      tag === 'svg' && !el.querySelector('text');
    var text = '';
    var desc = norm(el.getAttribute('aria-label') || el.getAttribute('alt') ||
      el.getAttribute('title') || '');
    var flags = el.disabled ? 0 : F.enabled;
    if (kind === 'android.widget.EditText') {
      text = el.isContentEditable ? norm(el.innerText) : el.value;
      if (tag === 'input' && el.type === 'password') {
        text = text.replace(/./g, '\u2022');
        flags |= F.password;
      }
      if (!desc) desc = norm(el.getAttribute('placeholder') || '');
    } else if (kind === 'android.widget.Spinner') {
      text = el.selectedIndex >= 0 ? norm(el.options[el.selectedIndex].text) : '';
    } else if (tag === 'input') {
      if (kind === 'android.widget.SeekBar') {
        text = String(el.value);
      } else if (BUTTON_INPUTS[el.type]) {
        text = norm(el.value);
      } else if (el.labels && el.labels.length) {
        // An Android CheckBox / RadioButton carries its label as its text.
        text = norm(el.labels[0].innerText);
      }
    } else if (wrapsControl) {
      text = '';  // the control inside carries the label's text
    } else if (leaf) {
      // SVG elements have no innerText: their text is their textContent.
      text = norm(el.innerText === undefined ? el.textContent : el.innerText);
    } else {
      text = ownText(el);
    }
    if (kind === '') {
      kind = text ? 'android.widget.TextView' : 'android.view.View';
    }
    var childElements = el.children.length;
    var worth = kind !== 'android.view.View' || clickable || scrollable || text || desc ||
      (childElements === 0 || leaf) && paints(style);
    var childDepth = depth;
    if (shown && worth) {
      if (clickable) flags |= F.clickable | F.focusable;
      if (el.tabIndex >= 0 && tag !== 'a' && (interactive || el.hasAttribute('tabindex'))) {
        flags |= F.focusable;
      }
      if (kind === 'android.widget.CheckBox' || kind === 'android.widget.RadioButton' ||
          kind === 'android.widget.CheckedTextView') {
        flags |= F.checkable;
        var on = tag === 'input' ? el.checked : el.getAttribute('aria-checked') === 'true';
        if (on) flags |= F.checked;
      }
      if (el === active && active !== document.body) flags |= F.focused;
      if (scrollable) flags |= F.scrollable;
      if (el.getAttribute('aria-selected') === 'true') flags |= F.selected;
      out.push([depth, kind, text, desc, el.id || '', seen.l, seen.t, seen.r, seen.b, flags]);
      childDepth = depth + 1;
    }
    if (leaf || kind === 'android.widget.EditText' || kind === 'android.widget.Spinner') return;
    var childBox = box;
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
      childBox = clip(rect, box);
    }
    var kids = el.children;
    for (var i = 0; i < kids.length; i++) visit(kids[i], childDepth, childBox);
  }

  var view = { l: 0, t: 0, r: window.innerWidth, b: window.innerHeight };
  if (document.body) visit(document.body, 0, view);
  return [document.title, out];
})()
