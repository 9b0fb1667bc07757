// Prompts: the effective prompt of an agent (GET /dashboard/prompts/{agent}),
// edited in place and saved as a new version through the admin surface's
// development route that the answer names (POST {"text": ...}; no admin key,
// same-origin only). The version and the history come from the same route.
import {$, api, busy} from './dom.js';
import {register} from './tabs.js';

let versions = '';

function status(text, cls) {
  const s = $('#prompt-status');
  s.textContent = text;
  s.className = `status ${cls || ''}`;
}

function showVersion(p) {
  const current = p.history.find((h) => h.version === p.current_version);
  $('#prompt-version').textContent = current
    ? `version ${current.version} of ${p.history.length}, saved ${new Date(current.created_at).toLocaleString()}`
    : 'the prompt file (no saved version)';
}

async function load() {
  const agent = $('#prompt-agent').value;
  try {
    const r = await api('GET', `/dashboard/prompts/${encodeURIComponent(agent)}`);
    $('#prompt-text').value = r.prompt;
    versions = r.versions;
    const v = await api('GET', versions);
    showVersion(v.prompt);
    status('');
  } catch (e) {
    status(e.message, 'bad');
  }
}

async function save(ev) {
  const b = ev.currentTarget;
  busy(b, true);
  try {
    const r = await api('POST', versions, JSON.stringify({text: $('#prompt-text').value}), {'Content-Type': 'application/json'});
    showVersion(r.prompt);
    status(`Saved version ${r.version} of ${r.prompt.agent_id}: the next model request uses it, no restart needed.`, 'ok');
  } catch (e) {
    status(e.message, 'bad');
  } finally {
    busy(b, false);
  }
}

export function initPrompts() {
  register('prompts', {load});
  $('#prompt-agent').addEventListener('change', load);
  $('#prompt-save').addEventListener('click', save);
}
