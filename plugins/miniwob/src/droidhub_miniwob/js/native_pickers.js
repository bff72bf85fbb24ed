// The virtual phone's stand-in for Android WebView's native pickers.
// On a phone, tapping a <select> does not open an in-page dropdown: the WebView shows
// a system dialog listing the options (radio rows; check rows and OK for a multiple
// select), and sets the select's value when one is picked. A date or time field opens
// the date or time dialog the same way (here in its spinner style: fields for month,
// day and year, or hour, minute and AM/PM, with Cancel and OK). Headless Chromium would
// open a desktop popup outside the page instead, which neither the screenshot nor
// the UI tree could show. This script, injected by the virtual WebView app (not by
// the Android app, whose WebView does this natively), draws that dialog in the page.
(function () {
  if (window.__droidhubSelectPicker) {
    return;
  }
  window.__droidhubSelectPicker = true;
  var DIALOG_ID = 'droidhub-select-dialog';
  // A system dialog is drawn at the phone's density, not at the page's zoom: the
  // backdrop is scaled by their ratio (set by the app before this script runs) and
  // sized so that, scaled, it still covers the screen.
  var ZOOM = window.__droidhubDialogZoom || 1;
  var BACKDROP = 'position:fixed;left:0;top:0;z-index:2147483647;zoom:' + ZOOM + ';' +
    'width:' + (100 / ZOOM) + 'vw;height:' + (100 / ZOOM) + 'vh;' +
    'background:rgba(0,0,0,0.4);display:flex;align-items:center;justify-content:center';

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
    backdrop.style.cssText = BACKDROP;
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

  // --- <input type=date|time>: Android's spinner-style date and time dialogs, whose
  // number pickers each hold a field that can be typed into. ---------------------------
  function pad(n) {
    return (n < 10 ? '0' : '') + n;
  }

  function numberField(label, value) {
    var field = document.createElement('input');
    field.type = 'text';
    field.value = value;
    field.setAttribute('aria-label', label);
    field.style.cssText = 'width:25%;margin:4px;padding:10px 4px;font:18px Arial;' +
      'text-align:center;border:0;border-bottom:2px solid #1a73e8';
    // A number picker selects its text when focused: typing replaces it.
    field.addEventListener('focus', function () { field.select(); });
    return field;
  }

  function dialogButton(text, action) {
    var button = document.createElement('button');
    button.textContent = text;
    button.style.cssText = 'margin:8px;padding:10px 18px;font:16px Arial;color:#1a73e8;' +
      'background:#fff;border:0';
    button.addEventListener('click', function (event) {
      event.stopPropagation();
      action();
    });
    return button;
  }

  function openTemporal(input) {
    close();
    var isDate = input.type === 'date';
    // The dialogs open on the phone's clock (set by the app model), not the host's.
    var clock = window.droidhubPhoneClock;
    var now = clock ? new Date(clock[0], clock[1] - 1, clock[2], clock[3], clock[4]) :
      new Date();
    var fields;
    if (isDate) {
      var parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.value);
      fields = [
        numberField('Month', parts ? String(+parts[2]) : String(now.getMonth() + 1)),
        numberField('Day', parts ? String(+parts[3]) : String(now.getDate())),
        numberField('Year', parts ? parts[1] : String(now.getFullYear()))
      ];
    } else {
      var time = /^(\d{2}):(\d{2})/.exec(input.value);
      var hours = time ? +time[1] : now.getHours();
      fields = [
        numberField('Hour', String(hours % 12 === 0 ? 12 : hours % 12)),
        numberField('Minute', pad(time ? +time[2] : now.getMinutes())),
        numberField('AM/PM', hours < 12 ? 'AM' : 'PM')
      ];
    }
    var backdrop = document.createElement('div');
    backdrop.id = DIALOG_ID;
    backdrop.style.cssText = BACKDROP;
    var panel = document.createElement('div');
    panel.style.cssText = 'background:#fff;width:85%;border-radius:8px;padding:12px;' +
      'box-shadow:0 4px 16px rgba(0,0,0,0.3);font:16px Arial';
    var title = document.createElement('div');
    title.textContent = isDate ? 'Set date' : 'Set time';
    title.style.cssText = 'font-weight:bold;margin:4px 4px 12px';
    panel.appendChild(title);
    var row = document.createElement('div');
    fields.forEach(function (f) { row.appendChild(f); });
    panel.appendChild(row);
    var buttons = document.createElement('div');
    buttons.style.cssText = 'text-align:right';
    buttons.appendChild(dialogButton('Cancel', close));
    buttons.appendChild(dialogButton('OK', function () {
      var a = parseInt(fields[0].value, 10);
      var b = parseInt(fields[1].value, 10);
      var value;
      if (isDate) {
        var year = parseInt(fields[2].value, 10);
        if (!(a >= 1 && a <= 12 && b >= 1 && b <= 31 && year >= 1)) return;
        value = String(year).padStart(4, '0') + '-' + pad(a) + '-' + pad(b);
      } else {
        var pm = /^p/i.test(fields[2].value.trim());
        if (!(a >= 1 && a <= 12 && b >= 0 && b <= 59)) return;
        value = pad((a % 12) + (pm ? 12 : 0)) + ':' + pad(b);
      }
      input.value = value;
      close();
      fire(input);
    }));
    panel.appendChild(buttons);
    backdrop.appendChild(panel);
    backdrop.addEventListener('click', function (event) {
      if (event.target === backdrop) close();
    });
    document.body.appendChild(backdrop);
  }

  function temporalAt(target) {
    if (target && target.tagName === 'INPUT' && (target.type === 'date' || target.type === 'time')) {
      return target;
    }
    return null;
  }

  // Capture the touch before the page and the browser see it: no desktop popup opens,
  // and the page gets no click on the control, as with the WebView's dialogs.
  document.addEventListener('touchstart', function (event) {
    var select = selectAt(event.target);
    var temporal = temporalAt(event.target);
    if ((!select || select.disabled) && (!temporal || temporal.disabled)) return;
    event.preventDefault();
    event.stopPropagation();
    if (select) {
      select.focus();
      open(select);
    } else {
      temporal.focus();
      openTemporal(temporal);
    }
  }, { capture: true, passive: false });
})();
