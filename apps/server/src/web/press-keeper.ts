import { createHash } from 'node:crypto';

/**
 * The few bytes a rendered page runs before its first paint (ADR 026, ADR 038): a classic script inline at
 * the top of its <body>, without a round trip. It does two things and paints nothing:
 * - it keeps presses from the first paint on: a disclosure (a button with aria-expanded and aria-controls,
 *   the header menu) opens or closes its panel at once; any other button inside #root is marked
 *   (`data-early-press`, index.css) and queued in `window.__rvPresses` until the page's first script
 *   (apps/web/src/lib/early-press.ts) takes the queue over (setting it to null, which turns this one off)
 *   and carries those presses out once React runs the page. A toggle in a group of choices (aria-pressed
 *   inside role=group: the thumbs of 'How did we do?') is also shown pressed at once, its siblings not, and a
 *   slider's step shows its next or previous image at once (the results' ImageSlider), and a form's submit
 *   button shows the message of a field the form needs and is left empty (the tool forms' photo, log-in's e-mail), as React will show
 *   them when it carries the press out, and a button whose label says its press is on its way ('Sharing...',
 *   marked `data-early-label`) shows that label: attributes, which hydration leaves as it finds them. A button the platform answers itself (one with
 *   `commandfor`: it opens or closes a native <dialog>) and links are left to the browser. An arrow key on a
 *   slider (`aria-roledescription="slider"`) is a press on its step button (`data-step`, next or previous).
 * - it starts the page's first script (its URL in `#page-entry`) only once the page has painted: after
 *   its largest image (the one the <head> preloads) has painted, or at `load` and its first paint when
 *   that comes first (a page without such an image, or where it is not the largest paint), in a task of its own.
 *   Nothing is fetched or run for the scripts before that, so the first paint and the largest one wait for
 *   nothing but the HTML and that image. That script asks for the page's other scripts (`#page-scripts`).
 */
export const PRESS_KEEPER_SCRIPT =
  '(function(){var d=document,q=window.__rvPresses=[],' +
  // h keeps a press for React, marked, after showing at once what React will show when it carries it out:
  // a choice among toggles (aria-pressed in a group) pressed, the others not; a slider's next or previous
  // image (its pieces `data-slide`, their count on the slider as `data-slides`) shown, the others hidden.
  'h=function(b){var g=b.getAttribute("aria-pressed")!==null&&b.closest("[role=group]"),o,j,k=b.getAttribute("data-step"),' +
  'l=k&&b.closest("[data-slides]"),n=l?+l.getAttribute("data-slides"):0,c=0;' +
  'if(g){for(o=g.querySelectorAll("[aria-pressed]"),j=0;j<o.length;j++)o[j].setAttribute("aria-pressed","false");b.setAttribute("aria-pressed","true")}' +
  'if(n>1){for(o=l.querySelectorAll("[data-slide]"),j=0;j<o.length;j++)if(!o[j].hidden){c=+o[j].getAttribute("data-slide");break}' +
  'c=(c+(k=="next"?1:n-1))%n;for(j=0;j<o.length;j++)o[j].hidden=+o[j].getAttribute("data-slide")!==c}' +
  // A form's submit button: the message of a field the form needs and is left empty (a photo not picked, a
  // text not typed; `data-required-for` names its input) is shown, marked as the keeper's answer, and the
  // focus goes to that input.
  'var f=b.type=="submit"&&b.form,r;if(f)for(o=f.querySelectorAll("[data-required-for]"),j=0;j<o.length;j++){' +
  'r=d.getElementById(o[j].getAttribute("data-required-for"));if(r&&(r.type=="file"?!r.files.length:!r.value.trim())){o[j].hidden=false;o[j].setAttribute("data-early-answer","");r.focus()}}' +
  // A button that says by its own label that its press is on its way: the label marked `data-early-label`
  // shown, the one shown before hidden, both marked to be handed back to React.
  'var v=b.querySelector("[data-early-label]");if(v){for(o=v.parentNode.children,j=0;j<o.length;j++)if(o[j]!==v&&!o[j].hidden){o[j].hidden=true;o[j].setAttribute("data-early-hidden","")}' +
  'v.hidden=false;v.setAttribute("data-early-answer","")}' +
  'b.setAttribute("data-early-press","");q.push(b)};' +
  'd.addEventListener("click",function(e){if(window.__rvPresses!==q)return;' +
  'var t=e.target,b=t&&t.closest?t.closest("#root button,#root [role=\\"button\\"]"):null;' +
  'if(!b||b.matches(":disabled")||b.hasAttribute("commandfor"))return;e.preventDefault();e.stopImmediatePropagation();' +
  'var x=b.getAttribute("aria-expanded"),c=b.getAttribute("aria-controls"),p=x!==null&&c?d.getElementById(c):null;' +
  'if(p){x=x!=="true";b.setAttribute("aria-expanded",String(x));p.hidden=!x;return}h(b)},true);' +
  // A slider's arrow keys press its step buttons, kept like any other press; not in an application inside
  // it (the brush's painting area takes its own keys).
  'd.addEventListener("keydown",function(e){if(window.__rvPresses!==q)return;var k={ArrowRight:"next",ArrowLeft:"previous"}[e.key],' +
  't=e.target,g=k&&t&&t.closest&&!t.closest("[role=application]")?t.closest("#root [aria-roledescription=\\"slider\\"]"):null,b=g&&g.querySelector("[data-step=\\""+k+"\\"]");' +
  'if(!b||b.disabled)return;e.preventDefault();h(b)},true);' +
  // A photo picked there takes its message away again, as React's form does once a submit was tried.
  'd.addEventListener("change",function(e){if(window.__rvPresses!==q)return;var t=e.target,m=t&&t.id&&t.files&&t.files.length?' +
  'd.querySelector("[data-early-answer][data-required-for=\\""+t.id+"\\"]"):null;if(m)m.hidden=true},true);' +
  // go: in a task of its own (a message, which no test's fake clock holds), the first script is added.
  'var s=0,add=function(){var u=d.getElementById("page-entry");if(!u)return;var n=d.createElement("script");n.type="module";' +
  'n.src=JSON.parse(u.textContent);d.head.appendChild(n)},go=function(){if(s)return;s=1;if(!window.MessageChannel)return setTimeout(add,0);' +
  'var m=new MessageChannel;m.port1.onmessage=add;m.port2.postMessage(0)},' +
  'O=window.PerformanceObserver,T=O&&O.supportedEntryTypes||[],I=d.querySelector("link[rel=preload][as=image]")&&T.indexOf("largest-contentful-paint")>=0,' +
  'w=function(y,f){new O(function(l,o){if(f(l.getEntries())){o.disconnect();go()}}).observe({type:y,buffered:true})};' +
  // The largest image has painted (an image entry, and a large one: not the logo's).
  'if(I)w("largest-contentful-paint",function(a){return a.some(function(e){return e.url&&e.size>2e4})});' +
  // Otherwise (no such image, or one that is not the largest paint, as on a wide screen, or failed): at load,
  // once the first paint is done; at once in a hidden tab, which does not paint. No timer: a test's fake clock holds none.
  'addEventListener("load",function(){if(d.hidden||T.indexOf("paint")<0)go();' +
  'else w("paint",function(a){return a.length>0})})})();';

/** The CSP source that allows exactly that script (`script-src`). */
export const PRESS_KEEPER_CSP = `'sha256-${createHash('sha256').update(PRESS_KEEPER_SCRIPT).digest('base64')}'`;
