// Parameter store: the parameters `serve` and `sync` read under
// PARAMETER_PREFIX, as the emulator simulates them; add or change one.
import {$, api, statusLine, submit} from './dom.js';
import {register} from './tabs.js';

const status = statusLine('#parameters-status');

function render(r) {
  $('#parameters-prefix').textContent = r.prefix;
  const rows = r.parameters.map((p) => {
    const tr = document.createElement('tr');
    for (const text of [p.name, p.secure ? '(SecureString)' : p.value, String(p.version)]) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  });
  $('#parameters-rows').replaceChildren(...rows);
}

async function load() {
  try {
    render(await api('GET', '/dashboard/parameters'));
    status('');
  } catch (e) {
    status(e.message, 'bad');
  }
}

function save(ev) {
  return submit(ev.currentTarget, status, async () => {
    const body = {name: $('#parameter-name').value, value: $('#parameter-value').value, secure: $('#parameter-secure').checked};
    render(await api('POST', '/dashboard/parameters', JSON.stringify(body), {'Content-Type': 'application/json'}));
    $('#parameter-value').value = '';
    status(`Saved ${body.name}.`, 'ok');
  });
}

export function initParameters() {
  if (!$('#parameters-rows')) return;
  register('parameters', {load});
  $('#parameter-save').addEventListener('click', save);
}
