// Smokes: check each adapter's settings (preflight) or make one harmless
// real call, per target or all at once.
import {$, $$, api, form, busy, toast} from './dom.js';

const list = $('#smoke-list');
const mode = () => ($('input[name="smoke-mode"]:checked') || {}).value || 'preflight';

function explainMode() {
  const note = $('#smoke-note');
  const real = mode() === 'real';
  note.classList.toggle('real', real);
  note.textContent = real
    ? 'Real mode makes one harmless call to each configured provider (e.g. a tiny model request, a one-record read) and says exactly what it did.'
    : "Preflight checks each adapter's settings, with no side effect.";
}

function apply(r) {
  const li = $(`li[data-target="${CSS.escape(r.target)}"]`, list);
  if (!li) return;
  const pill = $('.pill', li);
  pill.dataset.state = r.ok ? 'pass' : 'fail';
  pill.textContent = `${r.mode} · ${r.ok ? 'ok' : 'failed'}`;
  $('.detail', li).textContent = r.detail;
}

function running(li) {
  $('.pill', li).dataset.state = 'running';
  $('.pill', li).textContent = 'running…';
  $('.detail', li).textContent = '';
}

async function runOne(ev) {
  const b = ev.target.closest('[data-run-smoke]');
  if (!b) return;
  running(b.closest('li'));
  busy(b, true);
  try {
    apply(await api('POST', `/dashboard/run-smoke/${encodeURIComponent(b.dataset.runSmoke)}`, form({mode: mode()})));
  } catch (e) {
    apply({target: b.dataset.runSmoke, mode: mode(), ok: false, detail: e.message});
  } finally {
    busy(b, false);
  }
}

async function runAll(ev) {
  const b = ev.currentTarget;
  $$('li', list).forEach(running);
  busy(b, true);
  try {
    (await api('POST', '/dashboard/run-all-smokes', form({mode: mode()}))).forEach(apply);
  } catch (e) {
    toast(e.message);
  } finally {
    busy(b, false);
  }
}

export function initSmokes() {
  for (const r of $$('input[name="smoke-mode"]')) r.addEventListener('change', explainMode);
  if (!list) return;
  list.addEventListener('click', runOne);
  $('#smokes-run-all').addEventListener('click', runAll);
}
