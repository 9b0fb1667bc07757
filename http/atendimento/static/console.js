// The operator console's only script: it refreshes the queue and the open
// conversation every few seconds and posts the operator's actions as JSON.
// Every value from the server is written with textContent, never as HTML.
"use strict";

(function () {
  const body = document.body;
  const pollMs = Number(body.dataset.pollMs) || 2000;

  // The page's texts in its language (UI_LANG), from the catalogue's "js."
  // keys; an unknown key shows itself, as on the server. A "%s" in a text
  // is filled by arg.
  const texts = JSON.parse((document.getElementById("ui-text") || {}).textContent || "{}") || {};
  function text(key, arg) {
    const t = texts[key] || key;
    return arg === undefined ? t : t.replace("%s", String(arg));
  }

  // api calls a console JSON endpoint; a lost session sends the operator to
  // the login page, a refusal becomes an Error carrying the server's message.
  async function api(url, payload) {
    const init = payload === undefined
      ? { credentials: "same-origin", headers: { Accept: "application/json" } }
      : { method: "POST", credentials: "same-origin", headers: { Accept: "application/json", "Content-Type": "application/json" }, body: JSON.stringify(payload) };
    const res = await fetch(url, init);
    if (res.status === 401) {
      window.location.assign("/atendimento/login");
      throw new Error(text("js.conversation.session_ended"));
    }
    const data = await res.json().catch(() => ({}));
    if (!res.ok) {
      const err = (data && data.error) || {};
      const e = new Error(err.message || text("js.conversation.failed", res.status));
      e.code = err.code || "";
      throw e;
    }
    return data;
  }

  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function showError(node, message) {
    if (!node) return;
    node.textContent = message || "";
    node.hidden = !message;
  }

  // clock formats a time as the server does (locale.DateTime): the page's
  // language, in the business's zone (UI_TIMEZONE), whatever the operator's
  // machine says: "23/11/2026 14:54", "Nov 23, 2026 2:54 PM".
  const lang = body.dataset.lang || "pt-BR";
  const zone = body.dataset.zone || "America/Sao_Paulo";
  const dayFormat = new Intl.DateTimeFormat(lang, { timeZone: zone, dateStyle: lang === "en" ? "medium" : "short" });
  const timeFormat = new Intl.DateTimeFormat(lang, { timeZone: zone, timeStyle: "short" });
  function clock(iso) {
    const d = new Date(iso);
    return isNaN(d) ? "" : dayFormat.format(d) + " " + timeFormat.format(d);
  }

  // The helpers other console scripts (history.js, tools.js) share; they
  // load after this one with defer.
  window.Intake = { api, el, text, clock };

  // ---- queue page ----

  function queuePage() {
    const rows = document.getElementById("queue-rows");
    const error = document.getElementById("queue-error");
    let known = new Set(Array.from(rows.querySelectorAll("tr[data-session-id]")).map((tr) => tr.dataset.sessionId));

    function row(c) {
      const tr = el("tr");
      tr.dataset.sessionId = c.session_id;
      tr.dataset.state = c.state;
      if (!known.has(c.session_id)) tr.className = "new";
      const place = el("td");
      place.appendChild(c.position ? document.createTextNode(String(c.position)) : el("span", text("js.queue.held_mark"), "held"));
      tr.appendChild(place);
      const who = el("td");
      // The name when the conversation knows it, the number under it; the
      // number alone otherwise.
      who.appendChild(el("strong", c.name || c.phone_number));
      if (c.name) {
        who.appendChild(el("br"));
        who.appendChild(el("span", c.phone_number, "muted"));
      }
      tr.appendChild(who);
      tr.appendChild(el("td", c.service || "—"));
      tr.appendChild(el("td", c.reason_text));
      const waited = el("td", c.waiting);
      waited.title = clock(c.waiting_since);
      tr.appendChild(waited);
      tr.appendChild(el("td", c.status_text));
      const act = el("td");
      if (c.position) {
        const claim = el("button", text("js.queue.claim"), "claim");
        claim.type = "button";
        claim.dataset.api = c.api;
        claim.dataset.url = c.url;
        act.appendChild(claim);
        act.appendChild(document.createTextNode(" "));
      }
      const open = el("a", text("js.queue.open"));
      open.href = c.url;
      act.appendChild(open);
      tr.appendChild(act);
      return tr;
    }

    async function refresh() {
      try {
        const q = await api("/atendimento/api/queue");
        const fresh = document.createDocumentFragment();
        if (q.conversations.length === 0) {
          const empty = el("tr", null, "empty");
          const td = el("td", text("js.queue.empty"));
          td.colSpan = 7;
          empty.appendChild(td);
          fresh.appendChild(empty);
        }
        q.conversations.forEach((c) => fresh.appendChild(row(c)));
        rows.replaceChildren(fresh);
        known = new Set(q.conversations.map((c) => c.session_id));
        document.getElementById("waiting-count").textContent = String(q.waiting);
        document.getElementById("held-count").textContent = String(q.held);
        showError(error, "");
      } catch (e) {
        showError(error, e.message);
      }
    }

    rows.addEventListener("click", async (ev) => {
      const button = ev.target.closest("button.claim");
      if (!button) return;
      button.disabled = true;
      try {
        await api(button.dataset.api + "/claim", {});
        window.location.assign(button.dataset.url);
      } catch (e) {
        showError(error, e.message);
        button.disabled = false;
        refresh();
      }
    });

    setInterval(refresh, pollMs);
    refresh();
  }

  // ---- conversation page ----

  function conversationPage() {
    const section = document.getElementById("conversation");
    const base = section.dataset.api;
    const error = document.getElementById("action-error");
    const list = document.getElementById("messages");
    const form = document.getElementById("reply");
    const box = document.getElementById("text");
    const send = document.getElementById("send");
    const buttons = { claim: document.getElementById("claim"), takeover: document.getElementById("takeover"), release: document.getElementById("release"), close: document.getElementById("close") };
    const confirmTakeover = document.getElementById("takeover-confirm");

    let rendered = false;

    function render(c) {
      const state = document.getElementById("state");
      state.textContent = c.state_text + (c.assigned_to ? " · " + c.assigned_to : "");
      state.dataset.state = c.state;
      const win = document.getElementById("window");
      win.textContent = c.window.text;
      win.className = "window " + (c.window.ended ? "ended" : c.window.open ? "open" : "closed");
      buttons.claim.hidden = !c.can_claim;
      buttons.takeover.hidden = !c.can_take_over;
      if (!c.can_take_over) confirmTakeover.hidden = true;
      buttons.release.hidden = !c.mine;
      buttons.close.hidden = !c.mine;
      form.hidden = !c.mine;
      box.disabled = !c.window.open;
      send.disabled = !c.window.open;
      const items = document.createDocumentFragment();
      if (c.messages.length === 0) items.appendChild(el("li", text("js.conversation.no_messages"), "empty"));
      c.messages.forEach((m) => {
        const li = el("li", null, "msg " + m.from);
        li.dataset.id = m.id;
        const meta = el("span", m.label + (m.operator ? " " + m.operator : "") + " · ", "meta");
        const at = el("time", clock(m.at));
        at.dateTime = m.at;
        meta.appendChild(at);
        li.appendChild(meta);
        li.appendChild(el("p", m.text));
        if (m.send) li.appendChild(el("p", m.send, "send"));
        items.appendChild(li);
      });
      // Follow the conversation: a list scrolled to its end stays there as
      // messages arrive; one the operator scrolled up is left where it is.
      const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
      list.replaceChildren(items);
      if (atEnd || !rendered) list.scrollTop = list.scrollHeight;
      rendered = true;
    }

    async function refresh() {
      try {
        const data = await api(base);
        render(data.conversation);
      } catch (e) {
        showError(error, e.message);
      }
    }

    async function act(action, payload) {
      showError(error, "");
      try {
        await api(base + "/" + action, payload || {});
        return true;
      } catch (e) {
        showError(error, e.message);
        return false;
      } finally {
        refresh();
      }
    }

    buttons.claim.addEventListener("click", () => act("claim"));
    // Taking a conversation from the bot is confirmed on the page first: the
    // server refuses the claim without {"confirm": true}.
    buttons.takeover.addEventListener("click", () => { confirmTakeover.hidden = false; });
    document.getElementById("takeover-no").addEventListener("click", () => { confirmTakeover.hidden = true; });
    document.getElementById("takeover-yes").addEventListener("click", async () => {
      confirmTakeover.hidden = true;
      await act("claim", { confirm: true });
    });
    buttons.release.addEventListener("click", () => act("release"));
    buttons.close.addEventListener("click", () => {
      if (window.confirm(text("js.conversation.confirm_close"))) act("close");
    });
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      send.disabled = true;
      if (await act("send", { text: box.value })) box.value = "";
      send.disabled = false;
    });

    setInterval(refresh, pollMs);
    refresh();
  }

  if (body.dataset.page === "queue") queuePage();
  if (body.dataset.page === "conversation") conversationPage();
})();
