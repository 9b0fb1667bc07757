// The chat is the customer's phone: it shows the active session's messages
// as the customer sees them (GET /dashboard/phone/{phone}: what they wrote,
// the bot's replies, the operator's), loaded on open and polled while the
// page is visible, so a reload keeps the conversation and an operator's reply
// appears without typing. Messages go to POST /chat (and POST /media) as the
// customer of the phone typed above.
import {$, el, api, form, busy} from './dom.js';
import {refreshSession} from './session.js';

// pollMS is how often the phone is read again while the page is visible.
const pollMS = 2000;

const phoneInput = $('#phone');
export const phone = () => phoneInput.value.trim();

// The phone's view from the server, and what only this page knows: the
// message being sent (pending), and local notes (media replies, errors,
// clear-chat results) shown after the conversation until the next send.
let view = {phone: '', state: '', messages: []};
let pending = null;
let notes = [];

// silence words the absence of a reply after the customer's last message.
function silence(state) {
  switch (state) {
    case 'HUMAN': return '(no reply: a person holds this conversation; the operator answers from /atendimento)';
    case 'HANDOFF': return '(no reply: the conversation is queued for a person; nobody has taken it yet)';
    case 'CLOSED': return '(no reply: the conversation is closed; the next message starts a new one)';
    default: return '';
  }
}

// A reply's options show as the customer's reply buttons; clicking one
// answers with its title, as a tap on the phone does.
function bubble(m) {
  return el('li', {class: `msg ${m.role}${m.pending ? ' pending' : ''}`},
    m.pending ? el('span', {class: 'typing', 'aria-label': 'waiting for the bot'}, el('i'), el('i'), el('i')) : m.text,
    m.options && m.options.length
      ? el('div', {class: 'options', role: 'group', 'aria-label': 'options'}, m.options.map((o) => el('button', {type: 'button', class: 'option'}, o)))
      : null,
    m.meta ? el('span', {class: 'meta'}, m.meta) : null);
}

function render() {
  const list = $('#transcript');
  const items = view.messages.map((m) => ({
    role: m.from === 'customer' ? 'customer' : 'bot', text: m.text, options: m.options,
    meta: m.from === 'operator' ? `${m.meta} · from /atendimento` : m.meta,
  }));
  const last = view.messages[view.messages.length - 1];
  if (last && last.from === 'customer' && !pending && silence(view.state)) {
    items.push({role: 'system', text: silence(view.state)});
  }
  if (pending) items.push(...pending);
  items.push(...notes);
  list.replaceChildren(...items.map(bubble));
  if (!items.length) list.append(el('li', {class: 'empty'}, 'Write as the customer would. Each message runs one turn at once (no debounce).'));
  list.scrollTop = list.scrollHeight;
}

// load reads the phone's conversation; an answer for another phone than the
// one now typed is dropped.
async function load() {
  const p = phone();
  if (!p) return;
  try {
    const r = await api('GET', `/dashboard/phone/${encodeURIComponent(p)}`);
    if (p !== phone()) return;
    const changed = JSON.stringify([r.state, r.messages]) !== JSON.stringify([view.state, view.messages]) || view.phone !== p;
    view = {phone: p, state: r.state, messages: r.messages};
    if (changed) render();
    // The session changes without a message too (the sync job's CRM and
    // ERP results, an operator's claim).
    refreshSession(p);
  } catch (e) {
    if (p === phone()) $('#chat-status').textContent = `not live: ${e.message}`;
    return;
  }
  $('#chat-status').textContent = 'live';
}

async function send(ev) {
  ev.preventDefault();
  const input = $('#message');
  const text = input.value.trim();
  if (!text) return;
  input.value = '';
  await say(text);
}

// tap answers with a clicked option's title.
function tap(ev) {
  const b = ev.target.closest('button.option');
  if (b && !pending) say(b.textContent);
}

// say sends text as the phone's customer and shows the reply.
async function say(text) {
  const input = $('#message');
  notes = [];
  pending = [{role: 'customer', text}, {role: 'bot', pending: true}];
  render();
  busy($('#send'), true);
  try {
    await api('POST', '/chat', form({
      'phone-input': phone(), content: text, 'instance-input': $('#instance').value,
    }));
  } catch (e) {
    notes = [{role: 'error', text: e.message}];
  } finally {
    pending = null;
    busy($('#send'), false);
    input.focus();
    await load();
    render();
    refreshSession(phone());
  }
}

async function sendMedia(ev) {
  ev.preventDefault();
  const kind = $('#media-type').value;
  try {
    const r = await api('POST', '/media', form({'phone-input': phone(), 'media-type': kind}));
    notes.push({role: 'customer', text: `[${kind}]`}, {role: 'bot', text: r.reply, meta: 'intercepted locally · no model call · not stored'});
  } catch (e) {
    notes.push({role: 'error', text: e.message});
  }
  render();
}

// Clearing is destructive, so it takes a second click within 4 seconds (no
// modal dialog: dialogs block the page, and browser tests with it).
let armed = null;
async function clearChat(ev) {
  const b = ev.currentTarget;
  if (!armed) {
    b.textContent = 'Click again to clear';
    armed = setTimeout(() => { armed = null; b.textContent = 'Clear chat'; }, 4000);
    return;
  }
  clearTimeout(armed);
  armed = null;
  b.textContent = 'Clear chat';
  try {
    const r = await api('POST', '/dashboard/clear-chat', form({phone: phone()}));
    notes = [{role: 'system', text: r.message}];
  } catch (e) {
    notes = [{role: 'error', text: e.message}];
  }
  await load();
  render();
  refreshSession(phone());
}

export function initChat() {
  $('#chat-form').addEventListener('submit', send);
  $('#transcript').addEventListener('click', tap);
  $('#media-form').addEventListener('submit', sendMedia);
  $('#clear-chat').addEventListener('click', clearChat);
  phoneInput.addEventListener('change', () => {
    notes = [];
    view = {phone: '', state: '', messages: []};
    render();
    load();
  });
  render();
  load();
  setInterval(() => { if (!document.hidden && !pending) load(); }, pollMS);
}
