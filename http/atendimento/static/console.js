// The operator console's main script: it refreshes the queue and the open
// conversation every few seconds (polling the table through the server, so
// it works whichever node answers), counts the waits, raises the alerts and
// posts the operator's actions as JSON. The console's other scripts use its
// helpers through window.Intake. Every value from the server is written with
// textContent, never as HTML.
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

  // ago writes a wait as the server does (views.go): "45 s", "12 min",
  // "3 h 05 min".
  function ago(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    if (s < 60) return s + " s";
    if (s < 3600) return Math.floor(s / 60) + " min";
    return Math.floor(s / 3600) + " h " + String(Math.floor(s / 60) % 60).padStart(2, "0") + " min";
  }

  // Unread badges are kept in this browser (localStorage): for each
  // conversation, how many of the customer's messages the operator had when
  // they last had it open. The queue counts the customer's messages of the
  // conversations the operator holds; the difference is the badge.
  const seenKey = (sessionID) => "intake.seen." + sessionID;
  function seen(sessionID) {
    try {
      return Number(window.localStorage.getItem(seenKey(sessionID))) || 0;
    } catch (e) {
      return 0;
    }
  }
  function markSeen(sessionID, count) {
    try {
      window.localStorage.setItem(seenKey(sessionID), String(count));
    } catch (e) {
      // storage refused (private mode, full): the badges just stay
    }
  }

  // ---- queue page ----

  function queuePage() {
    const rows = document.getElementById("queue-rows");
    const error = document.getElementById("queue-error");
    const slaMs = Number(body.dataset.slaMs) || 5 * 60 * 1000;
    // The conversations already shown (first those the server drew): one
    // that appears waiting beyond them is a new handoff.
    let known = new Set(Array.from(rows.querySelectorAll("tr[data-session-id]")).map((tr) => tr.dataset.sessionId));

    function row(c, fresh) {
      const tr = el("tr");
      tr.dataset.sessionId = c.session_id;
      tr.dataset.state = c.state;
      if (fresh) tr.className = "new";
      const place = el("td");
      place.appendChild(c.position ? document.createTextNode(String(c.position)) : el("span", text("js.queue.held_mark"), "held"));
      tr.appendChild(place);
      const who = el("td");
      // The name when the conversation knows it, the number under it; the
      // number alone otherwise.
      who.appendChild(el("strong", c.name || c.phone_number));
      const unread = c.customer_messages === undefined ? 0 : c.customer_messages - seen(c.session_id);
      if (unread > 0) {
        who.appendChild(document.createTextNode(" "));
        who.appendChild(el("span", unread === 1 ? text("js.queue.unread_one") : text("js.queue.unread_many", unread), "badge"));
      }
      if (c.name) {
        who.appendChild(el("br"));
        who.appendChild(el("span", c.phone_number, "muted"));
      }
      if (c.labels && c.labels.length) {
        const chips = el("ul", null, "labels");
        chips.setAttribute("aria-label", text("js.labels.title"));
        c.labels.forEach((l) => chips.appendChild(el("li", l, "label-chip")));
        who.appendChild(chips);
      }
      tr.appendChild(who);
      tr.appendChild(el("td", c.service || "—"));
      tr.appendChild(el("td", c.reason_text));
      const waited = el("td", c.waiting, "waited");
      waited.title = clock(c.waiting_since);
      waited.dataset.since = c.waiting_since;
      if (c.position) waited.dataset.sla = "";
      tr.appendChild(waited);
      tr.appendChild(el("td", c.status_text));
      const act = el("td");
      if (c.position) {
        const claim = el("button", text("js.queue.claim"), "claim");
        claim.type = "button";
        claim.dataset.api = c.api;
        claim.dataset.url = c.url;
        claim.setAttribute("aria-label", text("js.queue.claim_for", c.name || c.phone_number));
        act.appendChild(claim);
        act.appendChild(document.createTextNode(" "));
      }
      const open = el("a", text("js.queue.open"), "open");
      open.href = c.url;
      open.setAttribute("aria-label", text("js.queue.open_for", c.name || c.phone_number));
      act.appendChild(open);
      tr.appendChild(act);
      return tr;
    }

    // skew is how far this machine's clock is ahead of the server's, so a
    // wrong clock on the operator's machine does not distort the waits.
    let skew = 0;
    // The tab's title leads with the number waiting, seen from other tabs.
    const title = document.title;

    // tick rewrites every wait each second, in the alarm colour once a
    // waiting customer is past HANDOFF_SLA.
    function tick() {
      const now = Date.now() - skew;
      rows.querySelectorAll("td.waited").forEach((td) => {
        const waited = now - new Date(td.dataset.since).getTime();
        if (isNaN(waited)) return;
        td.textContent = ago(waited);
        const late = td.dataset.sla !== undefined && waited > slaMs;
        td.classList.toggle("late", late);
        if (late) td.title = text("js.queue.late", clock(td.dataset.since));
      });
    }

    async function refresh() {
      try {
        // The queue's label filter (?label=) narrows every refresh too.
        const q = await api("/atendimento/api/queue" + window.location.search);
        const serverNow = new Date(q.now).getTime();
        if (!isNaN(serverNow)) skew = Date.now() - serverNow;
        const arrived = q.conversations.filter((c) => c.position && !known.has(c.session_id));
        const fresh = document.createDocumentFragment();
        if (q.conversations.length === 0) {
          const empty = el("tr", null, "empty");
          const td = el("td", text("js.queue.empty"));
          td.colSpan = 7;
          empty.appendChild(td);
          fresh.appendChild(empty);
        }
        q.conversations.forEach((c) => fresh.appendChild(row(c, arrived.includes(c))));
        keepFocus(() => rows.replaceChildren(fresh));
        tick();
        known = new Set(q.conversations.map((c) => c.session_id));
        document.getElementById("waiting-count").textContent = String(q.waiting);
        document.title = (q.waiting > 0 ? "(" + q.waiting + ") " : "") + title;
        document.getElementById("held-count").textContent = String(q.held);
        showError(error, "");
        if (arrived.length > 0) announce(arrived);
      } catch (e) {
        showError(error, e.message);
      }
    }

    // keepFocus redraws the rows without losing the keyboard's place: the
    // focused control of a row is focused again in the row's new copy.
    function keepFocus(redraw) {
      const focused = document.activeElement;
      const tr = focused && focused.closest ? focused.closest("#queue-rows tr[data-session-id]") : null;
      const which = focused && focused.classList && focused.classList.contains("claim") ? "button.claim" : "a.open";
      redraw();
      if (!tr) return;
      const again = rows.querySelector('tr[data-session-id="' + CSS.escape(tr.dataset.sessionId) + '"] ' + which);
      if (again) again.focus();
    }

    // ---- alerts for new handoffs: a desktop notification and a sound,
    // once the operator turned them on (browsers want a click for both).
    // The choice is remembered in this browser; after a reload the sound
    // waits for the operator's next click on the page.
    const alertsButton = document.getElementById("alerts");
    let audio = null;
    let alertsOn = false;
    try {
      alertsOn = window.localStorage.getItem("intake.alerts") === "on";
    } catch (e) {
      // no storage: alerts start off
    }

    function showAlertsState() {
      alertsButton.textContent = text(alertsOn ? "js.queue.alerts_on" : "js.queue.alerts_off");
      alertsButton.setAttribute("aria-pressed", String(alertsOn));
      try {
        window.localStorage.setItem("intake.alerts", alertsOn ? "on" : "off");
      } catch (e) {
        // not remembered
      }
    }

    function startSound() {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (Ctx && !audio) audio = new Ctx();
      if (audio && audio.state === "suspended") audio.resume();
    }
    document.addEventListener("click", () => {
      if (alertsOn) startSound();
    });

    alertsButton.addEventListener("click", async () => {
      alertsOn = !alertsOn;
      if (alertsOn) {
        startSound();
        if (window.Notification && Notification.permission === "default") {
          try {
            await Notification.requestPermission();
          } catch (e) {
            // an older browser without the promise form: sound only
          }
        }
      }
      showAlertsState();
    });
    alertsButton.hidden = false;
    showAlertsState();

    function beep() {
      if (!audio) return;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.2, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.4);
    }

    function announce(arrived) {
      if (!alertsOn) return;
      beep();
      if (window.Notification && Notification.permission === "granted") {
        arrived.forEach((c) => {
          const n = new Notification(text("js.queue.alert_title"), { body: (c.name || c.phone_number) + " · " + c.reason_text, tag: c.session_id });
          n.onclick = () => {
            window.focus();
            window.location.assign(c.url);
          };
        });
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

    // The arrow keys move through the queue (from one row's "Open" link to
    // the next); Enter opens, as on any link.
    rows.addEventListener("keydown", (ev) => {
      if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
      const links = Array.from(rows.querySelectorAll("a.open"));
      const tr = ev.target.closest("tr");
      const at = links.findIndex((a) => a.closest("tr") === tr);
      const next = links[at + (ev.key === "ArrowDown" ? 1 : -1)];
      if (next) {
        ev.preventDefault();
        next.focus();
      }
    });

    setInterval(refresh, pollMs);
    setInterval(tick, 1000);
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

    // mediaNode draws a customer's file as the template does (media.html).
    // A file already on the page is kept as it is across refreshes: not
    // fetched again, and a voice note being played keeps playing.
    function mediaNode(m, kept) {
      const old = kept.get(m.id);
      if (old && old.dataset.src === m.media.url) return old;
      const v = m.media;
      const fig = el("figure", null, "media " + v.kind);
      fig.dataset.kind = v.kind;
      fig.dataset.src = v.url;
      if (v.kind === "image" || v.kind === "sticker") {
        const a = el("a");
        a.href = v.url;
        a.target = "_blank";
        a.rel = "noopener";
        const img = el("img");
        img.src = v.url;
        img.alt = v.label;
        img.loading = "lazy";
        a.appendChild(img);
        fig.appendChild(a);
      } else if (v.kind === "audio" || v.kind === "video") {
        if (v.kind === "audio") fig.appendChild(el("figcaption", v.label));
        const player = el(v.kind);
        player.controls = true;
        player.preload = "metadata";
        player.src = v.url;
        if (v.kind === "video") player.setAttribute("aria-label", v.label);
        fig.appendChild(player);
      } else {
        const a = el("a", "📄 " + v.label, "document");
        a.href = v.url;
        a.download = "";
        fig.appendChild(a);
      }
      return fig;
    }

    function render(c) {
      const state = document.getElementById("state");
      state.textContent = c.state_text + (c.assigned_name ? " · " + c.assigned_name : "");
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
      const kept = new Map();
      list.querySelectorAll("li[data-id] > figure.media").forEach((f) => kept.set(f.parentElement.dataset.id, f));
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
        if (m.media) li.appendChild(mediaNode(m, kept));
        if (m.text) li.appendChild(el("p", m.text));
        if (m.transcript) {
          const heard = el("p", null, "transcript");
          heard.append(el("span", text("js.conversation.transcript") + ":", "label"), " " + m.transcript);
          li.appendChild(heard);
        }
        if (m.send) li.appendChild(el("p", m.send, "send"));
        items.appendChild(li);
      });
      // Follow the conversation: a list scrolled to its end stays there as
      // messages arrive; one the operator scrolled up is left where it is.
      const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
      list.replaceChildren(items);
      if (atEnd || !rendered) list.scrollTop = list.scrollHeight;
      // Opened, the page scrolls to show the end of the conversation with
      // the reply box right under it, not over it (the box is sticky, so
      // the list's end is what places it; the facts above scroll out of
      // view on a small screen).
      if (!rendered) {
        const below = form.hidden ? 0 : form.offsetHeight;
        const past = list.getBoundingClientRect().bottom + below - window.innerHeight;
        if (past > 0) window.scrollBy(0, past);
      }
      rendered = true;
      // The operator has this conversation open: its customer messages are read.
      markSeen(c.session_id, c.messages.filter((m) => m.from === "customer").length);
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
    // Ctrl+Enter (Cmd+Enter on a Mac) sends; Enter alone starts a new line.
    box.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey) && !send.disabled) {
        ev.preventDefault();
        form.requestSubmit();
      }
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
