// The virtual phone's stand-in for Android WebView's text selection and clipboard.
// On a phone, a long press on text selects the word under the finger, shows a handle
// at each end of the selection (drag one to widen or narrow it) and a floating toolbar:
// Copy and Select all over page text; Cut, Copy, Paste and Select all in a field
// (Paste alone in an empty field, when the clipboard holds text). Headless Chromium
// on a desktop does none of that for touch, so this script, injected by the virtual
// WebView app (not by the Android app, whose WebView does this natively), does it in
// the page. The clipboard is the phone's tab's (its session storage): what one page
// copies, the next page of the same phone can paste.
(function () {
  if (window.__droidhubTextSelection) {
    return;
  }
  window.__droidhubTextSelection = true;
  var LONG_PRESS_MS = 400;  // Android's long-press timeout
  var SLOP = 8;  // CSS pixels a finger may wander and still be pressing
  var TOOLBAR_ID = 'droidhub-text-toolbar';
  var HANDLE_CLASS = 'droidhub-selection-handle';
  var CLIPBOARD_KEY = 'droidhub.clipboard';
  var ZOOM = window.__droidhubDialogZoom || 1;  // system UI at the phone's density

  var press = null;  // {x, y, timer, target}
  var dragging = null;  // the handle being dragged: 'start' or 'end'
  var pressedLong = false;  // the finger still down is a long press that selected

  function clipboard() {
    try { return sessionStorage.getItem(CLIPBOARD_KEY) || ''; } catch (e) { return ''; }
  }
  function setClipboard(text) {
    try { sessionStorage.setItem(CLIPBOARD_KEY, text); } catch (e) { /* storage off */ }
  }

  function editable(el) {
    if (!el) return null;
    if (el.tagName === 'TEXTAREA') return el;
    if (el.tagName === 'INPUT' && /^(text|search|email|url|tel|password|number)$/i.test(el.type || 'text')) {
      return el;
    }
    return el.isContentEditable ? el : null;
  }

  function removeUi() {
    var bar = document.getElementById(TOOLBAR_ID);
    if (bar) bar.parentNode.removeChild(bar);
    Array.prototype.forEach.call(document.querySelectorAll('.' + HANDLE_CLASS), function (h) {
      h.parentNode.removeChild(h);
    });
  }

  function selectedText(field) {
    if (field && field.tagName !== undefined && field.selectionStart !== undefined &&
        !field.isContentEditable) {
      return field.value.substring(field.selectionStart, field.selectionEnd);
    }
    return window.getSelection().toString();
  }

  // The word under (x, y): in a field, by its value; elsewhere, by the text node there.
  function selectWordAt(x, y, field) {
    if (field && !field.isContentEditable) return selectWordInField(x, y, field);
    var range = document.caretRangeFromPoint(x, y);
    if (!range) return false;
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    selection.modify('move', 'backward', 'word');
    selection.modify('extend', 'forward', 'word');
    var text = selection.toString();
    var trimmed = text.replace(/\s+$/, '');
    if (trimmed.length < text.length) {
      for (var i = 0; i < text.length - trimmed.length; i++) {
        selection.modify('extend', 'backward', 'character');
      }
    }
    if (field) field.focus();
    return selection.toString().length > 0;
  }

  function selectWordInField(x, y, field) {
    var at = document.caretPositionFromPoint ? document.caretPositionFromPoint(x, y) : null;
    var value = field.value;
    var offset = at && at.offsetNode === field ? at.offset : value.length;
    var start = offset;
    var end = offset;
    while (start > 0 && /\w/.test(value[start - 1])) start--;
    while (end < value.length && /\w/.test(value[end])) end++;
    if (start === end) {  // between words: the one before, as a phone picks
      while (start > 0 && !/\w/.test(value[start - 1])) start--;
      end = start;
      while (start > 0 && /\w/.test(value[start - 1])) start--;
    }
    field.focus();
    field.setSelectionRange(start, end);
    return end > start;
  }

  function button(label, action) {
    var b = document.createElement('div');
    b.setAttribute('data-droidhub-class', 'android.widget.Button');
    b.textContent = label;
    b.style.cssText = 'display:inline-block;padding:10px 14px;font:500 14px Roboto,Arial;' +
      'color:#1b1b1f;cursor:pointer';
    b.addEventListener('click', function (event) {
      event.stopPropagation();
      event.preventDefault();
      action();
    });
    return b;
  }

  function showToolbar(field) {
    removeUi();
    var bar = document.createElement('div');
    bar.id = TOOLBAR_ID;
    bar.style.cssText = 'position:fixed;z-index:2147483646;zoom:' + ZOOM + ';background:#fff;' +
      'border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,0.35);white-space:nowrap';
    var text = selectedText(field);
    if (field && text) bar.appendChild(button('Cut', function () {
      setClipboard(text);
      document.execCommand('delete');
      removeUi();
    }));
    if (text) bar.appendChild(button('Copy', function () {
      setClipboard(text);
      collapse(field);
    }));
    if (field && clipboard()) bar.appendChild(button('Paste', function () {
      field.focus();
      document.execCommand('insertText', false, clipboard());
      removeUi();
    }));
    bar.appendChild(button('Select all', function () {
      if (field) {
        field.focus();
        field.select ? field.select() : document.execCommand('selectAll');
      } else {
        document.execCommand('selectAll');
      }
      showToolbar(field);
    }));
    document.body.appendChild(bar);
    place(bar, field);
    if (text) drawHandles(field);
  }

  function collapse(field) {
    var selection = window.getSelection();
    if (field && field.setSelectionRange && !field.isContentEditable) {
      field.setSelectionRange(field.selectionEnd, field.selectionEnd);
    } else if (selection.rangeCount) {
      selection.collapseToEnd();
    }
    removeUi();
  }

  function selectionRect(field) {
    var selection = window.getSelection();
    if (selection.rangeCount) {
      var rects = selection.getRangeAt(0).getClientRects();
      if (rects.length) {
        return { first: rects[0], last: rects[rects.length - 1] };
      }
    }
    var box = (field || document.body).getBoundingClientRect();
    return { first: box, last: box };
  }

  function place(bar, field) {
    var at = selectionRect(field);
    var top = at.first.top / ZOOM - 48;
    if (top < 0) top = at.last.bottom / ZOOM + 24;
    var left = Math.max(4, Math.min(at.first.left / ZOOM,
      window.innerWidth / ZOOM - bar.offsetWidth - 4));
    bar.style.left = left + 'px';
    bar.style.top = top + 'px';
  }

  function drawHandles(field) {
    var at = selectionRect(field);
    [['start', at.first.left, at.first.bottom], ['end', at.last.right, at.last.bottom]]
      .forEach(function (spec) {
        var h = document.createElement('div');
        h.className = HANDLE_CLASS;
        h.setAttribute('data-droidhub-class', 'hidden');  // a handle is no view in the tree
        h.setAttribute('data-end', spec[0]);
        h.style.cssText = 'position:fixed;z-index:2147483645;width:8px;height:8px;' +
          'background:#00639b;left:' + (spec[1] - 4) + 'px;top:' + spec[2] + 'px;' +
          'border-radius:' + (spec[0] === 'start' ? '50% 0 50% 50%' : '0 50% 50% 50%');
        document.body.appendChild(h);
      });
  }

  function handleAt(target) {
    return target && target.classList && target.classList.contains(HANDLE_CLASS) ?
      target.getAttribute('data-end') : null;
  }

  document.addEventListener('touchstart', function (event) {
    var touch = event.touches[0];
    var end = handleAt(event.target);
    if (end) {
      dragging = end;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (press) clearTimeout(press.timer);
    pressedLong = false;
    var target = event.target;
    var inToolbar = target.closest && target.closest('#' + TOOLBAR_ID);
    if (!inToolbar) removeUi();
    press = { x: touch.clientX, y: touch.clientY, target: target, timer: null };
    press.timer = setTimeout(function () {
      var field = editable(press.target);
      var picked = selectWordAt(press.x, press.y, field);
      if (picked || field && clipboard()) showToolbar(field);
      pressedLong = true;
      press = null;
    }, LONG_PRESS_MS);
  }, { capture: true, passive: false });

  document.addEventListener('touchmove', function (event) {
    var touch = event.touches[0];
    if (dragging) {
      event.preventDefault();
      var selection = window.getSelection();
      var to = document.caretRangeFromPoint(touch.clientX, touch.clientY - 6);
      if (!to || !selection.rangeCount) return;
      var range = selection.getRangeAt(0);
      if (dragging === 'end') {
        selection.setBaseAndExtent(range.startContainer, range.startOffset,
          to.startContainer, to.startOffset);
      } else {
        selection.setBaseAndExtent(to.startContainer, to.startOffset,
          range.endContainer, range.endOffset);
      }
      return;
    }
    if (press && Math.hypot(touch.clientX - press.x, touch.clientY - press.y) > SLOP) {
      clearTimeout(press.timer);
      press = null;
    }
  }, { capture: true, passive: false });

  document.addEventListener('touchend', function (event) {
    if (pressedLong) {
      // Lifting the finger after a long press is no tap: the selection stays.
      pressedLong = false;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (dragging) {
      dragging = null;
      showToolbar(editable(document.activeElement));
      return;
    }
    if (press) {
      clearTimeout(press.timer);
      press = null;
    }
  }, true);
})();
