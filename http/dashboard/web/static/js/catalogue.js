// Service catalogue: read the YAML in use or a kept version, edit it, save
// it; the server checks it before it takes effect and keeps the version it
// replaces.
import {$, api, statusLine, submit} from './dom.js';
import {register} from './tabs.js';

const status = statusLine('#catalogue-status');

function listVersions(versions) {
  const select = $('#catalogue-version');
  const current = select.value;
  select.replaceChildren();
  const inUse = document.createElement('option');
  inUse.value = '';
  inUse.textContent = 'In use';
  select.append(inUse);
  for (const v of versions.slice().reverse()) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = `Version of ${v}`;
    select.append(o);
  }
  select.value = versions.includes(current) ? current : '';
}

async function load() {
  try {
    const r = await api('GET', '/dashboard/catalogue');
    listVersions(r.versions);
    $('#catalogue-content').value = r.content;
    status('');
  } catch (e) {
    status(e.message, 'bad');
  }
}

async function pick() {
  const name = $('#catalogue-version').value;
  if (!name) return load();
  try {
    const r = await api('GET', `/dashboard/catalogue/versions/${encodeURIComponent(name)}`);
    $('#catalogue-content').value = r.content;
    status(`Showing the version of ${name}; Save restores it.`);
  } catch (e) {
    status(e.message, 'bad');
  }
}

function save(ev) {
  return submit(ev.currentTarget, status, async () => {
    const r = await api('POST', '/dashboard/catalogue',
      JSON.stringify({content: $('#catalogue-content').value}), {'Content-Type': 'application/json'});
    listVersions(r.versions);
    $('#catalogue-version').value = '';
    status('Saved: the next turn uses it; the replaced version is kept.', 'ok');
  });
}

export function initCatalogue() {
  if (!$('#catalogue-content')) return;
  register('catalogue', {load});
  $('#catalogue-version').addEventListener('change', pick);
  $('#catalogue-save').addEventListener('click', save);
}
