// Knowledge packages: read one, edit it, save it; the server writes it
// under CONTENT_DIR and the next model request uses it.
import {$, api, busy} from './dom.js';
import {register} from './tabs.js';

function status(text, cls) {
  const s = $('#knowledge-status');
  s.textContent = text;
  s.className = `status ${cls || ''}`;
}

// loads numbers the reads. Only the answer to the latest read, for the
// package still selected, fills the editor: an earlier answer that arrives
// late (the tab's first read, or a package chosen and then changed) would
// otherwise overwrite the text being edited. The editor's data-package names
// the package its text belongs to, so Save never writes one package's text
// into another.
let loads = 0;

async function load() {
  const id = $('#knowledge-package').value;
  if (!id) return;
  const mine = ++loads;
  const editor = $('#knowledge-content');
  delete editor.dataset.package;
  try {
    const r = await api('GET', `/dashboard/knowledge/${encodeURIComponent(id)}`);
    if (mine !== loads || $('#knowledge-package').value !== id) return;
    editor.value = r.package.content;
    editor.dataset.package = id;
    status('');
  } catch (e) {
    if (mine === loads) status(e.message, 'bad');
  }
}

async function save(ev) {
  const b = ev.currentTarget;
  const id = $('#knowledge-package').value;
  if ($('#knowledge-content').dataset.package !== id) {
    status(`${id} is still loading: nothing was saved.`, 'bad');
    return;
  }
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
