// Knowledge packages: read one, edit it, save it; the server writes it
// under CONTENT_DIR and the next model request uses it.
import {$, api, busy} from './dom.js';
import {register} from './tabs.js';

function status(text, cls) {
  const s = $('#knowledge-status');
  s.textContent = text;
  s.className = `status ${cls || ''}`;
}

async function load() {
  const id = $('#knowledge-package').value;
  if (!id) return;
  try {
    const r = await api('GET', `/dashboard/knowledge/${encodeURIComponent(id)}`);
    $('#knowledge-content').value = r.package.content;
    status('');
  } catch (e) {
    status(e.message, 'bad');
  }
}

async function save(ev) {
  const b = ev.currentTarget;
  const id = $('#knowledge-package').value;
  busy(b, true);
  try {
    const r = await api('POST', `/dashboard/knowledge/${encodeURIComponent(id)}`,
      JSON.stringify({content: $('#knowledge-content').value}), {'Content-Type': 'application/json'});
    status(`Saved ${r.package.id}: ${r.detail}.`, 'ok');
  } catch (e) {
    status(e.message, 'bad');
  } finally {
    busy(b, false);
  }
}

export function initKnowledge() {
  register('knowledge', {load});
  $('#knowledge-package').addEventListener('change', load);
  $('#knowledge-save').addEventListener('click', save);
}
