// The operator's availability (every page's header) and tools on the
// conversation page: transfer to another
// operator, internal notes every operator sees, saved replies typed as /code in the reply box, and the approved templates offered once the
// customer's 24-hour window has closed. It uses console.js's
// helpers (window.Intake), which run before DOMContentLoaded like this file.
"use strict";

document.addEventListener("DOMContentLoaded", function () {
  if (!window.Intake) return;
  availability(window.Intake);
  const section = document.getElementById("tools");
  if (!section) return;
  const { api, el, text } = window.Intake;
  const base = section.dataset.api;

  // The templates form shows while the operator holds the conversation (the
  // reply form shows) and the window is closed; console.js redraws both.
  const form = document.getElementById("template-form");
  const reply = document.getElementById("reply");
  const win = document.getElementById("window");
  const transferForm = document.getElementById("transfer-form");
  function place() {
    form.hidden = reply.hidden || !win.classList.contains("closed");
    if (transferForm) transferForm.hidden = reply.hidden;
  }
  const watch = new MutationObserver(place);
  watch.observe(reply, { attributes: true, attributeFilter: ["hidden"] });
  watch.observe(win, { attributes: true, attributeFilter: ["class"] });

  savedReplies(api, el);
  if (transferForm) transfer(api, base, transferForm);
  notes(window.Intake, base);

  const select = document.getElementById("template");
  if (!select) return;
  const preview = document.getElementById("template-body");
  const fields = document.getElementById("template-params");
  const sendButton = document.getElementById("template-send");
  const error = document.getElementById("template-error");

  function chosen() {
    return select.options[select.selectedIndex].dataset;
  }
  function values() {
    return Array.from(fields.querySelectorAll("input")).map((i) => i.value);
  }
  // preview writes the body as the customer will read it.
  function showBody() {
    const params = values();
    preview.textContent = chosen().body.replace(/\{\{\s*(\d+)\s*\}\}/g, (p, n) => params[n - 1] || p);
  }
  // ask builds one labelled field per parameter of the chosen template.
  function ask() {
    const n = Number(chosen().params) || 0;
    const items = document.createDocumentFragment();
    for (let i = 1; i <= n; i++) {
      const id = "template-param-" + i;
      const label = el("label", text("js.tools.param", i));
      label.htmlFor = id;
      const input = el("input");
      input.id = id;
      input.type = "text";
      input.required = true;
      input.addEventListener("input", showBody);
      items.appendChild(label);
      items.appendChild(input);
    }
    fields.replaceChildren(items);
    showBody();
  }
  select.addEventListener("change", ask);
  ask();

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    sendButton.disabled = true;
    try {
      const t = chosen();
      await api(base + "/template", { template: t.name, language: t.language, params: values() });
      ask();
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
    } finally {
      sendButton.disabled = false;
    }
  });
});

// savedReplies offers the saved replies whose code starts with the "/word"
// the operator is typing in the reply box; a click, or Tab for the first,
// puts the reply's text in place of the "/word", at the cursor.
function savedReplies(api, el) {
  const box = document.getElementById("text");
  const panel = document.getElementById("saved-replies");
  const list = document.getElementById("saved-reply-list");
  if (!box || !panel) return;
  let replies = [];
  async function load() {
    try {
      replies = (await api("/atendimento/api/saved-replies")).saved_replies || [];
    } catch (e) {
      replies = [];
    }
  }
  // typed is the "/word" ending at the cursor, if any.
  function typed() {
    const m = box.value.slice(0, box.selectionStart).match(/(^|\s)\/([a-z0-9_-]*)$/i);
    return m ? m[2].toLowerCase() : null;
  }
  function matches() {
    const word = typed();
    return word === null ? [] : replies.filter((r) => r.code.startsWith(word));
  }
  function insert(r) {
    const word = typed();
    if (word === null) return;
    const end = box.selectionStart;
    const start = end - word.length - 1;
    box.value = box.value.slice(0, start) + r.text + box.value.slice(end);
    box.selectionStart = box.selectionEnd = start + r.text.length;
    panel.hidden = true;
    box.focus();
  }
  function offer() {
    const found = matches();
    panel.hidden = found.length === 0;
    list.replaceChildren(...found.map((r) => {
      const li = el("li");
      const b = el("button", "/" + r.code + " — " + r.text, "saved-reply");
      b.type = "button";
      b.dataset.code = r.code;
      b.addEventListener("click", () => insert(r));
      li.appendChild(b);
      return li;
    }));
  }
  box.addEventListener("focus", load);
  box.addEventListener("input", offer);
  box.addEventListener("keydown", (ev) => {
    if (panel.hidden) return;
    const found = matches();
    if (ev.key === "Tab" && !ev.shiftKey && found.length > 0) {
      ev.preventDefault();
      insert(found[0]);
    } else if (ev.key === "Escape") {
      panel.hidden = true;
    }
  });
  load();
}

// notes shows the conversation's internal notes, refreshed like the
// conversation so a colleague's appear by themselves, and adds the
// operator's. They go to the notes endpoint only: never to the customer.
function notes(intake, base) {
  const { api, el, text, clock } = intake;
  const list = document.getElementById("note-list");
  const form = document.getElementById("note-form");
  const box = document.getElementById("note-text");
  const error = document.getElementById("note-error");
  async function load() {
    try {
      const found = (await api(base + "/notes")).notes || [];
      if (found.length === 0) {
        list.replaceChildren(el("li", text("js.tools.no_notes"), "empty"));
        return;
      }
      list.replaceChildren(...found.map((n) => {
        const li = el("li", null, "note");
        li.dataset.id = n.id;
        const meta = el("span", (n.customer ? text("js.tools.customer_note") : n.operator_name || n.operator) + " · ", "meta");
        const at = el("time", clock(n.at));
        at.dateTime = n.at;
        meta.appendChild(at);
        li.appendChild(meta);
        li.appendChild(el("p", n.text));
        return li;
      }));
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
    }
  }
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    try {
      await api(base + "/notes", { text: box.value });
      box.value = "";
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
    }
    load();
  });
  setInterval(load, Number(document.body.dataset.pollMs) || 2000);
  load();
}

// transfer hands the held conversation to the chosen operator; console.js's
// next refresh shows it held by them.
function transfer(api, base, form) {
  const to = document.getElementById("transfer-to");
  const button = document.getElementById("transfer");
  const error = document.getElementById("transfer-error");
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    button.disabled = true;
    try {
      await api(base + "/transfer", { to: to.value });
      form.hidden = true;
    } catch (e) {
      error.textContent = e.message;
      error.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
}

// availability shows and switches the operator's presence: away, they are
// not texted about new handoffs or reminders.
function availability(intake) {
  const { api, text } = intake;
  const button = document.getElementById("availability");
  if (!button) return;
  let away = false;
  function show() {
    button.textContent = text(away ? "js.tools.away" : "js.tools.available");
    button.dataset.away = String(away);
  }
  button.addEventListener("click", async () => {
    try {
      away = (await api("/atendimento/api/availability", { away: !away })).away;
    } catch (e) {
      button.title = e.message;
      return;
    }
    show();
  });
  api("/atendimento/api/availability").then((r) => { away = r.away; show(); }).catch(() => {});
}
