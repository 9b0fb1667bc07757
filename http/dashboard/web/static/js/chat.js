// The chat: messages go to POST /chat (and POST /media) as the customer of
// the phone typed above; transcripts are kept per phone in the page only.
import {$, el, api, form, busy} from './dom.js';
import {refreshSession} from './session.js';

const transcripts = new Map(); // phone as typed → [{role, text, meta, pending}]
const phoneInput = $('#phone');
export const phone = () => phoneInput.value.trim();

function messages() {
  if (!transcripts.has(phone())) transcripts.set(phone(), []);
  return transcripts.get(phone());
}

function bubble(m) {
  return el('li', {class: `msg ${m.role}${m.pending ? ' pending' : ''}`},
    m.pending ? el('span', {class: 'typing', 'aria-label': 'waiting for the bot'}, el('i'), el('i'), el('i')) : m.text,
    m.meta ? el('span', {class: 'meta'}, m.meta) : null);
}

function render() {
  const list = $('#transcript');
  const ms = messages();
  list.replaceChildren(...ms.map(bubble));
  if (!ms.length) list.append(el('li', {class: 'empty'}, 'Write as the customer would. Each message runs one turn at once (no debounce).'));
  list.scrollTop = list.scrollHeight;
}

function push(m) {
  messages().push(m);
  render();
  return m;
}

function settle(m, patch) {
  Object.assign(m, patch, {pending: false});
  render();
}

async function send(ev) {
  ev.preventDefault();
  const input = $('#message');
  const text = input.value.trim();
  if (!text) return;
  input.value = '';
  push({role: 'customer', text});
  const pending = push({role: 'bot', pending: true});
  busy($('#send'), true);
  try {
    const r = await api('POST', '/chat', form({
      'phone-input': phone(), content: text, 'instance-input': $('#instance').value,
    }));
    settle(pending, {
      text: r.reply || '(no reply: a person holds this conversation)',
      meta: [r.state, r.current_agent].filter(Boolean).join(' · '),
    });
  } catch (e) {
    settle(pending, {role: 'error', text: e.message});
  } finally {
    busy($('#send'), false);
    input.focus();
    refreshSession(phone());
  }
}

async function sendMedia(ev) {
  ev.preventDefault();
  const kind = $('#media-type').value;
  push({role: 'customer', text: `[${kind}]`});
  try {
    const r = await api('POST', '/media', form({'phone-input': phone(), 'media-type': kind}));
    push({role: 'bot', text: r.reply, meta: 'intercepted locally · no model call'});
  } catch (e) {
    push({role: 'error', text: e.message});
  }
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
    transcripts.set(phone(), [{role: 'system', text: r.message}]);
    render();
  } catch (e) {
    push({role: 'error', text: e.message});
  }
  refreshSession(phone());
}

export function initChat() {
  $('#chat-form').addEventListener('submit', send);
  $('#media-form').addEventListener('submit', sendMedia);
  $('#clear-chat').addEventListener('click', clearChat);
  phoneInput.addEventListener('change', () => { render(); refreshSession(phone()); });
  render();
}
