// The virtual phone's stand-in for Android WebView's native pickers.
// On a phone, tapping a <select> does not open an in-page dropdown: the WebView shows
// a system dialog listing the options (radio rows; check rows and OK for a multiple
// select), and sets the select's value when one is picked. A date field opens the date
// dialog the same way, in its calendar mode (a month of days, previous and next month,
// the list of years behind the header's year), a time field the time dialog (in its
// text-input mode: hour, minute and AM/PM, with Cancel and OK). Headless Chromium would
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
    var panel = document.createElement('div');
    panel.setAttribute('role', 'listbox');
    panel.style.cssText = 'background:#fff;width:80%;max-height:70%;overflow-y:auto;' +
      'border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,0.3)';
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
    backdropWith(panel);
  }

  function selectAt(target) {
    for (var el = target; el; el = el.parentElement) {
      if (el.tagName === 'SELECT') return el;
    }
    return null;
  }

  // --- <input type=date|time> ---------------------------------------------------------
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
    onTap(button, action);
    return button;
  }

  function phoneNow() {
    // The dialogs open on the phone's clock (set by the app model), not the host's.
    var clock = window.droidhubPhoneClock;
    return clock ? new Date(clock[0], clock[1] - 1, clock[2], clock[3], clock[4]) :
      new Date();
  }

  function backdropWith(panel) {
    var backdrop = document.createElement('div');
    backdrop.id = DIALOG_ID;
    backdrop.style.cssText = BACKDROP;
    backdrop.appendChild(panel);
    // A tap outside the dialog cancels, as on the phone.
    backdrop.addEventListener('click', function (event) {
      if (event.target === backdrop) close();
    });
    document.body.appendChild(backdrop);
  }

  // An element the UI tree shows as ``cls`` with Android's ``id``, or leaves out
  // (cls 'hidden': drawn only, as Android draws a month's title and weekday initials).
  function node(tag, cls, id, text) {
    var el = document.createElement(tag);
    if (cls) el.setAttribute('data-droidhub-class', cls);
    if (id) el.id = id;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function onTap(el, action) {
    el.addEventListener('click', function (event) {
      event.stopPropagation();
      action();
    });
    el.style.cursor = 'pointer';
  }

  // --- <input type=date>: Android 13's date dialog, in its calendar mode (what a
  // WebView opens): a header with the year and the date (tap the year for the list of
  // years), a month of days with the previous and next month buttons, Cancel and OK.
  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
    'September', 'October', 'November', 'December'];
  var WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  var FIRST_YEAR = 1900;  // the framework DatePicker's default range
  var LAST_YEAR = 2100;
  var ACCENT = '#00639b';

  function daysIn(year, month) {
    return new Date(year, month + 1, 0).getDate();
  }

  function openCalendar(input) {
    close();
    var parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.value);
    var now = phoneNow();
    var chosen = parts ? { y: +parts[1], m: +parts[2] - 1, d: +parts[3] } :
      { y: now.getFullYear(), m: now.getMonth(), d: now.getDate() };
    var shown = { y: chosen.y, m: chosen.m };
    var years = false;

    var panel = node('div', '', '');
    panel.style.cssText = 'background:#fff;width:88%;border-radius:8px;overflow:hidden;' +
      'box-shadow:0 4px 16px rgba(0,0,0,0.3);font:14px Roboto,Arial,sans-serif;color:#1b1b1f';
    var header = node('div', '', 'android:id/date_picker_header');
    header.style.cssText = 'background:' + ACCENT + ';color:#fff;padding:16px 20px';
    var yearText = node('div', 'android.widget.TextView', 'android:id/date_picker_header_year');
    yearText.style.cssText = 'font-size:16px;opacity:0.8';
    var dateText = node('div', 'android.widget.TextView', 'android:id/date_picker_header_date');
    dateText.style.cssText = 'font-size:32px;margin-top:4px';
    header.appendChild(yearText);
    header.appendChild(dateText);
    onTap(yearText, function () { years = true; draw(); });
    onTap(dateText, function () { years = false; draw(); });
    panel.appendChild(header);
    var body = node('div', '', '');
    // Tall enough for a month of six weeks; nothing spills over the buttons.
    body.style.cssText = 'height:340px;overflow:hidden';
    panel.appendChild(body);
    var buttons = node('div', '', '');
    buttons.style.cssText = 'text-align:right;padding:4px 8px 8px';
    var cancel = node('button', 'android.widget.Button', 'android:id/button2', 'Cancel');
    var ok = node('button', 'android.widget.Button', 'android:id/button1', 'OK');
    [cancel, ok].forEach(function (b) {
      b.style.cssText = 'margin:4px;padding:10px 14px;font:500 14px Roboto,Arial;' +
        'color:' + ACCENT + ';background:#fff;border:0';
      buttons.appendChild(b);
    });
    onTap(cancel, close);
    onTap(ok, function () {
      input.value = String(chosen.y).padStart(4, '0') + '-' + pad(chosen.m + 1) + '-' +
        pad(chosen.d);
      close();
      fire(input);
    });
    panel.appendChild(buttons);

    function monthView() {
      var view = node('div', '', 'android:id/date_picker_day_picker');
      var top = node('div', '', '');
      top.style.cssText = 'display:flex;align-items:center;justify-content:space-between;' +
        'padding:4px 8px';
      var prev = node('div', 'android.widget.ImageButton', 'android:id/prev');
      var next = node('div', 'android.widget.ImageButton', 'android:id/next');
      prev.appendChild(node('span', 'hidden', '', '\u2039'));  // the arrows are icons
      next.appendChild(node('span', 'hidden', '', '\u203a'));
      prev.setAttribute('aria-label', 'Previous month');
      next.setAttribute('aria-label', 'Next month');
      var title = node('div', 'hidden', '', MONTHS[shown.m] + ' ' + shown.y);
      title.style.cssText = 'font-weight:500';
      [prev, next].forEach(function (b) {
        b.style.cssText = 'width:40px;height:40px;line-height:38px;text-align:center;' +
          'font-size:28px;color:#444';
      });
      var atStart = shown.y === FIRST_YEAR && shown.m === 0;
      var atEnd = shown.y === LAST_YEAR && shown.m === 11;
      prev.style.visibility = atStart ? 'hidden' : 'visible';
      next.style.visibility = atEnd ? 'hidden' : 'visible';
      onTap(prev, function () { turn(-1); });
      onTap(next, function () { turn(1); });
      top.appendChild(prev);
      top.appendChild(title);
      top.appendChild(next);
      view.appendChild(top);
      var pager = node('div', '', 'android:id/day_picker_view_pager');
      pager.style.cssText = 'display:grid;grid-template-columns:repeat(7,1fr);' +
        'padding:0 8px;text-align:center';
      WEEKDAYS.forEach(function (name) {
        var cell = node('div', 'hidden', '', name.charAt(0));
        cell.style.cssText = 'color:#777;font-size:12px;padding:6px 0';
        pager.appendChild(cell);
      });
      var offset = new Date(shown.y, shown.m, 1).getDay();
      for (var i = 0; i < offset; i++) pager.appendChild(node('div', 'hidden', ''));
      for (var day = 1; day <= daysIn(shown.y, shown.m); day++) {
        var cell = node('div', 'android.view.View', '', String(day));
        // Android describes each day as "dd MMMM yyyy".
        cell.setAttribute('aria-label', pad(day) + ' ' + MONTHS[shown.m] + ' ' + shown.y);
        var picked = chosen.y === shown.y && chosen.m === shown.m && chosen.d === day;
        if (picked) cell.setAttribute('aria-selected', 'true');
        cell.style.cssText = 'margin:1px 4px;border-radius:50%;aspect-ratio:1;display:flex;' +
          'align-items:center;justify-content:center;' +
          (picked ? 'background:' + ACCENT + ';color:#fff' : '');
        onTap(cell, (function (d) {
          return function () { chosen = { y: shown.y, m: shown.m, d: d }; draw(); };
        })(day));
        pager.appendChild(cell);
      }
      view.appendChild(pager);
      return view;
    }

    function yearList() {
      var list = node('div', 'android.widget.ListView', 'android:id/date_picker_year_picker');
      // Positioned: its items' offsetTop counts from the list's top.
      list.style.cssText = 'height:340px;overflow-y:auto;position:relative';
      var current = null;
      for (var y = FIRST_YEAR; y <= LAST_YEAR; y++) {
        var item = node('div', 'android.widget.TextView', 'android:id/text1', String(y));
        var isChosen = y === chosen.y;
        item.style.cssText = 'text-align:center;padding:12px 0;font-size:' +
          (isChosen ? '24px;color:' + ACCENT : '16px');
        if (isChosen) current = item;
        onTap(item, (function (year) {
          return function () {
            chosen = { y: year, m: chosen.m, d: Math.min(chosen.d, daysIn(year, chosen.m)) };
            shown = { y: chosen.y, m: chosen.m };
            years = false;
            draw();
          };
        })(y));
        list.appendChild(item);
      }
      list.__current = current;
      return list;
    }

    function turn(by) {
      var index = shown.y * 12 + shown.m + by;
      if (index < FIRST_YEAR * 12 || index > LAST_YEAR * 12 + 11) return;
      shown = { y: Math.floor(index / 12), m: index % 12 };
      draw();
    }

    function draw() {
      var day = new Date(chosen.y, chosen.m, chosen.d);
      yearText.textContent = String(chosen.y);
      dateText.textContent = WEEKDAYS[day.getDay()] + ', ' + MONTHS[chosen.m].slice(0, 3) +
        ' ' + chosen.d;
      yearText.style.opacity = years ? '1' : '0.7';
      dateText.style.opacity = years ? '0.7' : '1';
      body.innerHTML = '';
      var view = years ? yearList() : monthView();
      body.appendChild(view);
      if (years && view.__current) {
        // The list opens with the chosen year in its middle.
        view.scrollTop = view.__current.offsetTop - view.clientHeight / 2 +
          view.__current.offsetHeight / 2;
      }
    }

    draw();
    backdropWith(panel);
  }

  // --- <input type=time>: the time dialog in its text-input mode (fields for the hour
  // and the minute, AM/PM), whose fields can be typed into. ---------------------------
  function openTime(input) {
    close();
    var now = phoneNow();
    var time = /^(\d{2}):(\d{2})/.exec(input.value);
    var hours = time ? +time[1] : now.getHours();
    var fields = [
      numberField('Hour', String(hours % 12 === 0 ? 12 : hours % 12)),
      numberField('Minute', pad(time ? +time[2] : now.getMinutes())),
      numberField('AM/PM', hours < 12 ? 'AM' : 'PM')
    ];
    var panel = document.createElement('div');
    panel.style.cssText = 'background:#fff;width:85%;border-radius:8px;padding:12px;' +
      'box-shadow:0 4px 16px rgba(0,0,0,0.3);font:16px Arial';
    var title = document.createElement('div');
    title.textContent = 'Set time';
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
      var pm = /^p/i.test(fields[2].value.trim());
      if (!(a >= 1 && a <= 12 && b >= 0 && b <= 59)) return;
      input.value = pad((a % 12) + (pm ? 12 : 0)) + ':' + pad(b);
      close();
      fire(input);
    }));
    panel.appendChild(buttons);
    backdropWith(panel);
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
      if (temporal.type === 'date') openCalendar(temporal); else openTime(temporal);
    }
  }, { capture: true, passive: false });
})();
