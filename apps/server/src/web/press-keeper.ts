import { createHash } from 'node:crypto';

/**
 * The few bytes that keep a press from the first paint on (ADR 026): a classic script inline at the top
 * of a rendered page's <body>, so it runs before anything of the page is on screen, without a round trip.
 * It takes every press on a button inside #root (shown at once with `data-early-press`, index.css) and
 * queues it in `window.__rvPresses`, until the page's first script (apps/web/src/lib/early-press.ts)
 * arrives, takes the queue over (setting it to null, which turns this one off) and handles those presses
 * as its own: a disclosure opens, any other press is carried out once React runs the page.
 */
export const PRESS_KEEPER_SCRIPT =
  '(function(){var q=window.__rvPresses=[];document.addEventListener("click",function(e){if(window.__rvPresses!==q)return;' +
  'var t=e.target,b=t&&t.closest?t.closest("#root button,#root [role=\\"button\\"]"):null;if(!b||b.matches(":disabled"))return;' +
  'e.preventDefault();e.stopImmediatePropagation();b.setAttribute("data-early-press","");q.push(b)},true)})();';

/** The CSP source that allows exactly that script (`script-src`). */
export const PRESS_KEEPER_CSP = `'sha256-${createHash('sha256').update(PRESS_KEEPER_SCRIPT).digest('base64')}'`;
