// The session beside the chat: GET /dashboard/session/{phone}, refreshed
// after every reply.
import {$, el, api} from './dom.js';

// The session states in order, as the server renders them on the page.
const states = $('#session-body').dataset.states.split(' ');

function kv(obj) {
  const rows = Object.entries(obj || {});
  if (!rows.length) return el('p', {class: 'empty'}, 'nothing yet');
  return el('table', {class: 'kv'}, el('tbody', null, rows.map(([k, v]) =>
    el('tr', null, el('th', null, k), el('td', null, typeof v === 'object' ? JSON.stringify(v) : String(v))))));
}

// file draws a customer's file as the operator console does: an image, a
// player, or a link to the document; the caption under it.
function file(f) {
  const label = f.voice ? 'voice note' : f.file_name || f.kind;
  let shown;
  if (f.kind === 'image' || f.kind === 'sticker') shown = el('img', {src: f.url, alt: f.caption || label});
  else if (f.kind === 'audio' || f.kind === 'video') shown = el(f.kind, {controls: true, preload: 'metadata', src: f.url, 'aria-label': label});
  else shown = el('a', {href: f.url, download: true}, label);
  return el('li', {dataset: {id: f.message_id, kind: f.kind}},
    f.kind === 'audio' ? el('span', {class: 'file-label'}, label) : null,
    shown,
    f.caption ? el('span', {class: 'caption'}, f.caption) : null);
}

function render(s) {
  const strip = el('div', {class: 'states', 'aria-hidden': 'true'},
    states.map((st) => el('span', {class: st === s.state ? 'on' : ''}, st)));
  const facts = {agent: s.current_agent || '—', service: s.service || '—'};
  if (s.segment) facts.segment = s.segment;
  if (s.intent) facts.intent = s.intent;
  if (s.handoff_reason) facts.handoff = s.handoff_reason;
  if (s.assigned_to) facts['assigned to'] = s.assigned_to;
  if (s.retry_count) facts['validation retries'] = s.retry_count;
  const undelivered = s.undelivered.length ? [
    el('div', {class: 'section-title'}, 'Replies not delivered'),
    el('ul', {class: 'undelivered'}, s.undelivered.map((u) =>
      el('li', null, el('span', null, u.text), el('span', {class: 'error'}, ` — ${u.error}`)))),
  ] : [];
  const files = s.files.length ? [
    el('div', {class: 'section-title'}, 'Customer files'),
    el('ul', {class: 'files'}, s.files.map(file)),
  ] : [];
  const p = s.projection;
  const projection = p ? [
    el('div', {class: 'section-title'}, 'CRM and ERP'),
    kv(Object.fromEntries(Object.entries({
      status: p.status, stage: p.stage, 'CRM contact': p.contact_id, 'CRM deal': p.deal_id,
      'ERP customer': p.erp_customer_id, 'last error': p.last_error,
    }).filter(([, v]) => v))),
  ] : [];
  const packages = s.collected_packages.length ? [
    el('div', {class: 'section-title'}, 'Knowledge injected'),
    el('div', {class: 'chips'}, s.collected_packages.map((p) => el('span', {class: 'chip'}, p))),
  ] : [];
  $('#session-body').replaceChildren(
    el('span', {class: 'state-badge', id: 'session-state'}, s.state),
    strip,
    kv(facts),
    el('div', {class: 'section-title'}, 'Qualification data'),
    kv(s.qualification_data),
    el('div', {class: 'section-title'}, 'Cadastral data'),
    kv(s.cadastral_data),
    ...files,
    ...undelivered,
    ...projection,
    ...packages,
    el('div', {class: 'session-id'}, `${s.session_id} · ${s.messaging_instance} · updated ${new Date(s.updated_at).toLocaleTimeString()}`),
  );
}

let shown = '';

// refreshSession shows the active session of phone; an answer that arrives
// after the phone field changed is dropped.
export async function refreshSession(phone) {
  if (!phone) return;
  shown = phone;
  try {
    const r = await api('GET', `/dashboard/session/${encodeURIComponent(phone)}`);
    if (phone === shown) render(r.session);
  } catch (e) {
    if (phone !== shown) return;
    $('#session-body').replaceChildren(el('p', {class: 'empty'},
      e.status === 404 ? `No active session for ${phone}.` : e.message));
  }
}

export function initSession(phone) {
  $('#session-refresh').addEventListener('click', () => refreshSession(phone()));
  refreshSession(phone());
}
