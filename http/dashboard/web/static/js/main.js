// Intake development dashboard: vanilla JavaScript modules, no build step,
// no CDN. Chat goes through POST /chat; everything else through /dashboard/*.
import {initChat, phone} from './chat.js';
import {initSession} from './session.js';
import {initTabs, openTab, register} from './tabs.js';
import {initLogs, scrollLogs} from './logs.js';
import {initFixtures} from './fixtures.js';
import {initKnowledge} from './knowledge.js';
import {initPrompts} from './prompts.js';
import {initSmokes} from './smokes.js';
import {initCatalogue} from './catalogue.js';
import {initParameters} from './parameters.js';

initChat();
initSession(phone);
initTabs();
initLogs();
initFixtures();
initKnowledge();
initPrompts();
initSmokes();
initCatalogue();
initParameters();
register('logs', {open: scrollLogs});
openTab(location.hash.slice(1) || 'logs');
