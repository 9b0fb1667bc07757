// Fixtures: list the recorded conversations, replay one or all, and show
// pass or fail with the diffs of what differed.
import {$, $$, el, api, busy} from './dom.js';
import {register, ensureLoaded} from './tabs.js';

const list = $('#fixture-list');

// diffBlock renders diffs, one per entry; the lines of a text diff start
// with "- " (only expected) or "+ " (only got) after their indent.
function diffBlock(diffs) {
  const lines = diffs.flatMap((d) => String(d).split('\n'));
  return el('pre', {class: 'diffs'}, lines.map((line) => {
    const t = line.trimStart();
    return el('span', {class: t.startsWith('- ') ? 'minus' : t.startsWith('+ ') ? 'plus' : ''}, line + '\n');
  }));
}

function row(f) {
  return el('li', {dataset: {fixture: f.name}},
    el('span', {class: 'name'}, f.name),
    el('span', {class: 'pill', dataset: {state: 'idle'}}, `${f.turns} turn${f.turns === 1 ? '' : 's'}`),
    el('button', {type: 'button', class: 'ghost small', dataset: {runFixture: f.name}}, 'Run'),
    f.description ? el('span', {class: 'desc', title: f.description}, f.description) : null);
}

function pill(li, state, text) {
  const p = $('.pill', li);
  p.dataset.state = state;
  p.textContent = text;
}

function apply(r) {
  const li = list.querySelector(`li[data-fixture="${CSS.escape(r.name)}"]`);
  if (!li) return;
  pill(li, r.passed ? 'pass' : 'fail', r.passed ? `passed · ${r.duration_ms} ms` : 'failed');
  $$('.diffs', li).forEach((d) => d.remove());
  const lines = [...(r.error ? [`error: ${r.error}`] : []), ...(r.diffs || [])];
  if (!r.passed && lines.length) li.append(diffBlock(lines));
}

function summarize(run) {
  const s = $('#fixture-summary');
  s.textContent = run.failed ? `${run.failed} failed, ${run.passed} passed` : `All ${run.passed} passed`;
  s.className = `summary ${run.failed ? 'bad' : 'ok'}`;
}

async function load() {
  try {
    const r = await api('GET', '/dashboard/fixtures');
    list.replaceChildren(...r.fixtures.map(row));
  } catch (e) {
    list.replaceChildren(el('li', {class: 'notice'}, e.message));
  }
}

async function runOne(ev) {
  const b = ev.target.closest('[data-run-fixture]');
  if (!b) return;
  const li = b.closest('li');
  pill(li, 'running', 'running…');
  busy(b, true);
  try {
    const run = await api('POST', `/dashboard/run-fixture/${encodeURIComponent(b.dataset.runFixture)}`);
    run.results.forEach(apply);
  } catch (e) {
    pill(li, 'fail', 'error');
    li.append(diffBlock([e.message]));
  } finally {
    busy(b, false);
  }
}

async function runAll(ev) {
  const b = ev.currentTarget;
  await ensureLoaded('fixtures');
  $$('li[data-fixture]', list).forEach((li) => pill(li, 'running', 'running…'));
  busy(b, true);
  try {
    const run = await api('POST', '/dashboard/run-all-fixtures');
    run.results.forEach(apply);
    summarize(run);
  } catch (e) {
    $('#fixture-summary').textContent = e.message;
    $('#fixture-summary').className = 'summary bad';
  } finally {
    busy(b, false);
  }
}

export function initFixtures() {
  if (!list) return;
  register('fixtures', {load});
  list.addEventListener('click', runOne);
  $('#fixtures-run-all').addEventListener('click', runAll);
}
