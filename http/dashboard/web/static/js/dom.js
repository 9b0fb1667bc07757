// Small DOM and HTTP helpers shared by the dashboard's panels.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

// el builds an element: el('li', {class: 'x', dataset: {a: 1}}, 'text', child).
// Text is always set as text, never parsed as HTML.
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// api calls a JSON route and throws an Error carrying the server's
// {"error": {"code", "message"}} when the answer is not 2xx.
export async function api(method, url, body, headers = {}) {
  const res = await fetch(url, {method, body, headers: {Accept: 'application/json', ...headers}});
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
  if (!res.ok) {
    const err = new Error((data && data.error && data.error.message) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    err.code = data && data.error && data.error.code;
    throw err;
  }
  return data;
}

// form encodes fields as a form body, as the routes read them.
export function form(fields) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) p.append(k, v);
  return p;
}

let toastTimer;
export function toast(text) {
  const t = $('#toast');
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
}

// busy shows a spinner on a button and disables it while work runs.
export function busy(button, on) {
  if (!button) return;
  button.classList.toggle('busy', on);
  button.disabled = on;
}

// statusLine returns the setter of a panel's status line: its text, and a
// class (ok, bad) or none.
export function statusLine(sel) {
  return (text, cls) => {
    const s = $(sel);
    s.textContent = text;
    s.className = `status ${cls || ''}`;
  };
}

// submit runs action with button busy; a failure is shown through report.
export async function submit(button, report, action) {
  busy(button, true);
  try {
    await action();
  } catch (e) {
    report(e.message, 'bad');
  } finally {
    busy(button, false);
  }
}
