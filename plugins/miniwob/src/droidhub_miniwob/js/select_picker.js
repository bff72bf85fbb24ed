// The virtual phone's stand-in for Android WebView's native <select> dialog.
// On a phone, tapping a <select> does not open an in-page dropdown: the WebView shows
// a system dialog listing the options (radio rows; check rows and OK for a multiple
// select), and sets the select's value when one is picked. Headless Chromium would
// open a desktop popup outside the page instead, which neither the screenshot nor
// the UI tree could show. This script, injected by the virtual WebView app (not by
// the Android app, whose WebView does this natively), draws that dialog in the page.
(function () {
  if (window.__droidhubSelectPicker) {
    return;
  }
  window.__droidhubSelectPicker = true;
  var DIALOG_ID = 'droidhub-select-dialog';

  function close() {
    var old = document.getElementById(DIALOG_ID);
    if (old) old.parentNode.removeChild(old);
  }

  function fire(select) {
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }

  function row(text, checked, multiple) {
    var item = document.createElement('div');
    item.setAttribute('role', multiple ? 'checkbox' : 'radio');
    item.setAttribute('aria-checked', checked ? 'true' : 'false');
    item.setAttribute('data-droidhub-class', 'android.widget.CheckedTextView');
    item.textContent = text;
    item.style.cssText = 'padding:14px 20px;font:16px Roboto,Arial,sans-serif;color:#202124;' +
      'cursor:pointer;border-bottom:1px solid #eee;background:' + (checked ? '#e8f0fe' : '#fff');
    return item;
  }

  function open(select) {
    close();
    var multiple = select.multiple;
    var backdrop = document.createElement('div');
    backdrop.id = DIALOG_ID;
    backdrop.style.cssText = 'position:fixed;left:0;top:0;right:0;bottom:0;z-index:2147483647;' +
      'background:rgba(0,0,0,0.4);display:flex;align-items:center;justify-content:center';
    var panel = document.createElement('div');
    panel.setAttribute('role', 'listbox');
    panel.style.cssText = 'background:#fff;width:80%;max-height:70%;overflow-y:auto;' +
      'border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,0.3)';
    backdrop.appendChild(panel);
    var chosen = [];
    Array.prototype.forEach.call(select.options, function (option, index) {
      chosen.push(option.selected);
      var item = row(option.text, option.selected, multiple);
      if (option.disabled) item.style.color = '#999';
      item.addEventListener('click', function (event) {
        event.stopPropagation();
        if (option.disabled) return;
        if (multiple) {
          chosen[index] = !chosen[index];
          item.setAttribute('aria-checked', chosen[index] ? 'true' : 'false');
          item.style.background = chosen[index] ? '#e8f0fe' : '#fff';
          return;
        }
        select.selectedIndex = index;
        close();
        fire(select);
      });
      panel.appendChild(item);
    });
    if (multiple) {
      var ok = document.createElement('button');
      ok.textContent = 'OK';
      ok.style.cssText = 'display:block;margin:8px 16px 8px auto;padding:10px 24px;font:16px Arial';
      ok.addEventListener('click', function (event) {
        event.stopPropagation();
        Array.prototype.forEach.call(select.options, function (option, index) {
          option.selected = chosen[index];
        });
        close();
        fire(select);
      });
      panel.appendChild(ok);
    }
    // A tap outside the list cancels, as the system dialog does.
    backdrop.addEventListener('click', function (event) {
      if (event.target === backdrop) close();
    });
    document.body.appendChild(backdrop);
  }

  function selectAt(target) {
    for (var el = target; el; el = el.parentElement) {
      if (el.tagName === 'SELECT') return el;
    }
    return null;
  }

  // Capture the touch before the page and the browser see it: no desktop popup opens,
  // and the page gets no click on the select, as with the WebView's dialog.
  document.addEventListener('touchstart', function (event) {
    var select = selectAt(event.target);
    if (!select || select.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    select.focus();
    open(select);
  }, { capture: true, passive: false });
})();
