// The tools tabs. A panel's loader runs the first time it opens; the open
// tab is kept in the URL fragment, so a reload (or a link) returns to it.
import {$, $$} from './dom.js';

const loaders = {};
const onOpen = {};
const loaded = new Set();

// register sets what a tab does the first time it opens (load) and every
// time it opens (open).
export function register(name, {load, open} = {}) {
  if (load) loaders[name] = load;
  if (open) onOpen[name] = open;
}

// ensureLoaded runs a tab's loader once, even before the tab opens.
export async function ensureLoaded(name) {
  if (loaded.has(name) || !loaders[name]) return;
  loaded.add(name);
  await loaders[name]();
}

export function openTab(name) {
  if (!$(`#tab-${name}`)) name = 'logs';
  for (const b of $$('.tabs [role="tab"]')) b.setAttribute('aria-selected', String(b.dataset.tab === name));
  for (const p of $$('.tools [role="tabpanel"]')) p.hidden = p.id !== `tab-${name}`;
  ensureLoaded(name);
  if (onOpen[name]) onOpen[name]();
}

export function initTabs() {
  for (const b of $$('.tabs [role="tab"]')) {
    b.addEventListener('click', () => {
      history.replaceState(null, '', `#${b.dataset.tab}`);
      openTab(b.dataset.tab);
    });
  }
}
