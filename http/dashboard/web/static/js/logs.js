// Live logs: the process's in-memory buffer, streamed by Server-Sent Events
// from GET /dashboard/logs?stream=1 (the browser reconnects by itself and
// the server resends only what this page missed).
import {$, el, api, toast} from './dom.js';

const levels = {debug: -1, info: 0, warn: 1, error: 2, dpanic: 3, panic: 4, fatal: 5};
const maxLogs = 1000;
let logs = [];
const list = $('#log-list');

function visible(e) {
  if ((levels[e.level] ?? 0) < levels[$('#log-level').value]) return false;
  const q = $('#log-filter').value.trim().toLowerCase();
  if (!q) return true;
  return `${e.logger} ${e.message} ${JSON.stringify(e.fields)}`.toLowerCase().includes(q);
}

function line(e) {
  const t = new Date(e.time);
  const time = t.toLocaleTimeString([], {hour12: false}) + '.' + String(t.getMilliseconds()).padStart(3, '0');
  const fields = e.fields && Object.keys(e.fields).length ? ' ' + JSON.stringify(e.fields) : '';
  return el('li', {dataset: {seq: e.seq}},
    el('span', {class: 't'}, time),
    el('span', {class: `lv ${e.level}`}, e.level),
    el('span', {class: 'lg', title: e.logger || ''}, e.logger || ''),
    el('span', {class: 'm'}, e.message, el('span', {class: 'f'}, fields)));
}

const nearBottom = () => list.scrollHeight - list.scrollTop - list.clientHeight < 40;

export function scrollLogs() {
  if (list) list.scrollTop = list.scrollHeight;
}

function render() {
  list.replaceChildren(...logs.filter(visible).map(line));
  scrollLogs();
}

function add(e) {
  // The server never resends what this page has (Last-Event-ID), so an
  // older number means the process restarted and numbers from 1 again.
  if (logs.length && e.seq <= logs[logs.length - 1].seq) {
    logs = [];
    render();
  }
  logs.push(e);
  if (logs.length > maxLogs) logs = logs.slice(-maxLogs);
  if ($('#log-pause').checked || !visible(e)) return;
  const stick = nearBottom();
  list.append(line(e));
  while (list.childElementCount > maxLogs) list.firstElementChild.remove();
  if (stick) scrollLogs();
}

function status(state, text) {
  const s = $('#log-status');
  s.dataset.state = state;
  s.textContent = text;
}

const paused = () => $('#log-pause').checked;

export function initLogs() {
  if (!list || !window.EventSource) return;
  const es = new EventSource('/dashboard/logs?stream=1');
  es.addEventListener('open', () => status(paused() ? 'paused' : 'on', paused() ? 'paused' : 'live'));
  es.addEventListener('error', () => status('off', 'reconnecting…'));
  es.addEventListener('log', (ev) => add(JSON.parse(ev.data)));

  $('#log-level').addEventListener('change', render);
  $('#log-filter').addEventListener('input', render);
  $('#log-pause').addEventListener('change', () => {
    status(paused() ? 'paused' : 'on', paused() ? 'paused' : 'live');
    if (!paused()) render();
  });
  $('#log-clear').addEventListener('click', async () => {
    try {
      const r = await api('POST', '/dashboard/logs/clear');
      logs = [];
      render();
      toast(`Cleared ${r.scope}.`);
    } catch (e) {
      toast(e.message);
    }
  });
}
