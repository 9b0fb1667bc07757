// Prompts: the effective prompt of an agent, and a link to the admin API
// that keeps its versioned overrides.
import {$, api} from './dom.js';
import {register} from './tabs.js';

async function load() {
  const agent = $('#prompt-agent').value;
  try {
    const r = await api('GET', `/dashboard/prompts/${encodeURIComponent(agent)}`);
    $('#prompt-text').textContent = r.prompt;
    $('#prompt-overrides').href = r.overrides_api;
  } catch (e) {
    $('#prompt-text').textContent = e.message;
  }
}

export function initPrompts() {
  register('prompts', {load});
  $('#prompt-agent').addEventListener('change', load);
}
