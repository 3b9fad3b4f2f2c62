import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildPressKeeper } from '../../../vite/press-keeper-plugin';

/** The keeper as the build puts it in index.html: built from press-keeper.ts, as the build does. */
const PRESS_KEEPER_SCRIPT = await buildPressKeeper();

/** The few parts of jsdom (a dev dependency without types here) and its DOM this test uses, in a window of its own. */
interface Node {
  hidden: boolean;
  /** A text field's. */
  value?: string;
  /** A radio's press. */
  click?(): void;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  dispatchEvent(event: unknown): boolean;
}
interface Dom {
  window: {
    document: {
      getElementById(id: string): Node | null;
      activeElement: Node | null;
      querySelector(s: string): Node | null;
      querySelectorAll(s: string): { length: number; [index: number]: Node };
      dispatchEvent(event: unknown): boolean;
    };
    MouseEvent: new (type: string, init: object) => { defaultPrevented: boolean };
    KeyboardEvent: new (type: string, init: object) => { defaultPrevented: boolean };
    Event: new (type: string) => unknown;
    dispatchEvent(event: unknown): boolean;
    __rvPresses?: Node[] | null;
  };
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, options: object) => Dom };

/** A rendered page as the server sends it (apps/server/src/web/serve-web.ts): the first script's URL as data, the keeper first in <body>. */
function renderedPage(pageEntry = '"/assets/index-a1.js"', { htmlAttributes = '', more = '' } = {}) {
  const dom = new JSDOM(
    `<html data-rendered=""${htmlAttributes}><head><script type="application/json" id="page-entry">${pageEntry}</script>` +
      '<script type="application/json" id="page-scripts">["/assets/framework-b2.js","/assets/page-c3.js",{"not":"a URL"}]</script></head><body>' +
      `<script>${PRESS_KEEPER_SCRIPT}</script><div id="root" data-rendered="">` +
      '<button id="menu" aria-expanded="false" aria-controls="panel">Menu</button><nav id="panel" hidden><a href="/x">x</a></nav>' +
      '<button id="subscribe">Subscribe</button><button id="report" commandfor="dialog" command="show-modal">Report a bug</button>' +
      '<dialog id="dialog"></dialog><div id="slider" role="group" aria-roledescription="slider" tabindex="0" data-slides="2">' +
      '<p id="slide-0" data-slide="0">Room 1</p><p id="slide-1" data-slide="1" hidden>Room 2</p>' +
      '<div id="painting" role="application" tabindex="0">Painting area</div>' +
      '<button id="previous" data-step="previous" disabled>Previous</button><button id="next" data-step="next">Next</button></div>' +
      '<div role="group" aria-label="Helpful?"><button id="up" aria-pressed="false">Up</button><button id="down" aria-pressed="false">Down</button></div>' +
      '<form id="tool"><input id="photo" type="file"><p id="photo-required" data-required-for="photo" role="alert" hidden>Please upload a photo</p>' +
      '<button id="create">Create</button></form><form><button id="other">Send</button></form>' +
      '<form><input id="email" type="email"><p id="email-required" data-required-for="email" role="alert" hidden>Please enter a valid email address</p>' +
      '<button id="sign-in">Sign In</button></form>' +
      '<button id="gallery"><span id="gallery-idle">Share your room with us!</span><span id="gallery-sending" data-early-label hidden>Sharing...</span></button>' +
      `${more}</div></body></html>`,
    { runScripts: 'dangerously', url: 'http://localhost/' },
  );
  const { document } = dom.window;
  const press = (id: string) => {
    const event = new dom.window.MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById(id)!.dispatchEvent(event);
    return event;
  };
  const key = (id: string, name: string) => {
    const event = new dom.window.KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
    document.getElementById(id)!.dispatchEvent(event);
    return event;
  };
  return { dom, document, press, key, presses: () => dom.window.__rvPresses };
}

describe('the inline press keeper (ADR 026, 038)', () => {
  it('opens a disclosure at once, keeps and marks any other button, and leaves a native command to the platform', () => {
    const { document, press, presses } = renderedPage();
    expect(press('menu').defaultPrevented).toBe(true);
    expect(document.getElementById('menu')!.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('panel')!.hidden).toBe(false);
    expect(presses()).toEqual([]);

    expect(press('subscribe').defaultPrevented).toBe(true);
    expect(document.getElementById('subscribe')!.hasAttribute('data-early-press')).toBe(true);
    expect(presses()).toEqual([document.getElementById('subscribe')]);

    // A button with `commandfor` opens its dialog by itself: the keeper neither stops nor keeps it.
    expect(press('report').defaultPrevented).toBe(false);
    expect(presses()).toHaveLength(1);

    press('menu');
    expect(document.getElementById('panel')!.hidden).toBe(true);
  });

  it('closes a disclosure it opened on Escape, the focus back on its button, and keeps nothing (a visitor’s landing runs no other script)', () => {
    const { document, press, key, presses } = renderedPage(undefined, { htmlAttributes: ' data-scripts-on-press=""' });
    press('menu');
    expect(document.getElementById('panel')!.hidden).toBe(false);
    key('subscribe', 'Enter');
    expect(document.getElementById('panel')!.hidden).toBe(false);
    key('subscribe', 'Escape');
    expect(document.getElementById('menu')!.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('panel')!.hidden).toBe(true);
    expect(document.activeElement).toBe(document.getElementById('menu'));
    expect(presses()).toEqual([]);
  });

  it('shows a toggle in a group pressed at once, its siblings not, and keeps the press for React', () => {
    const { document, press, presses } = renderedPage();
    const pressed = () => ['up', 'down'].map((id) => document.getElementById(id)!.getAttribute('aria-pressed'));
    expect(press('up').defaultPrevented).toBe(true);
    expect(pressed()).toEqual(['true', 'false']);
    press('down');
    expect(pressed()).toEqual(['false', 'true']);
    // React carries both out in order, and ends where the page already shows.
    expect(presses()).toEqual([document.getElementById('up'), document.getElementById('down')]);
    expect(document.getElementById('down')!.hasAttribute('data-early-press')).toBe(true);
  });

  it('shows the message of a photo the form needs at a press on its submit button, focus on the photo, and keeps the press', () => {
    const { document, press, presses } = renderedPage();
    const message = document.getElementById('photo-required')!;
    press('other');
    expect(message.hidden).toBe(true);
    expect(press('create').defaultPrevented).toBe(true);
    expect(message.hidden).toBe(false);
    expect(message.hasAttribute('data-early-answer')).toBe(true);
    expect(document.activeElement).toBe(document.getElementById('photo'));
    expect(presses()).toEqual([document.getElementById('other'), document.getElementById('create')]);
  });

  it('shows the message of a text field the form needs when it is left empty, and not once it is typed in', () => {
    const { document, press } = renderedPage();
    const message = document.getElementById('email-required')!;
    const email = document.getElementById('email')!;
    email.value = '   ';
    press('sign-in');
    expect(message.hidden).toBe(false);
    expect(document.activeElement).toBe(email);
    message.hidden = true;
    email.value = 'sam@example.com';
    press('sign-in');
    expect(message.hidden).toBe(true);
  });

  it('shows at once the label a button has while its press is on its way, marked to be handed back, and keeps the press', () => {
    const { document, press, presses } = renderedPage();
    const idle = document.getElementById('gallery-idle')!;
    const sending = document.getElementById('gallery-sending')!;
    expect(press('gallery').defaultPrevented).toBe(true);
    expect([idle.hidden, sending.hidden]).toEqual([true, false]);
    expect(idle.hasAttribute('data-early-hidden')).toBe(true);
    expect(sending.hasAttribute('data-early-answer')).toBe(true);
    expect(presses()).toEqual([document.getElementById('gallery')]);
  });

  it("keeps a slider's arrow key as a press on its step button, shows its next image at once, and leaves a disabled step, other keys and an application's keys alone", () => {
    const { document, key, press, presses } = renderedPage();
    const shown = () => ['slide-0', 'slide-1'].filter((id) => !document.getElementById(id)!.hidden);
    expect(key('slider', 'ArrowRight').defaultPrevented).toBe(true);
    expect(presses()).toEqual([document.getElementById('next')]);
    expect(document.getElementById('next')!.hasAttribute('data-early-press')).toBe(true);
    // The slider's next image shows at once (the first follows the last).
    expect(shown()).toEqual(['slide-1']);
    press('next');
    expect(shown()).toEqual(['slide-0']);
    expect(presses()).toHaveLength(2);

    // The brush's painting area inside the slider takes its own arrow keys.
    expect(key('painting', 'ArrowRight').defaultPrevented).toBe(false);
    expect(shown()).toEqual(['slide-0']);
    expect(key('slider', 'ArrowLeft').defaultPrevented).toBe(false);
    expect(key('slider', 'Enter').defaultPrevented).toBe(false);
    expect(key('subscribe', 'ArrowRight').defaultPrevented).toBe(false);
    expect(presses()).toHaveLength(2);
  });

  it('starts the first script only once the page has loaded and painted, as a module, in a task of its own, and nothing else', async () => {
    const { dom, document } = renderedPage();
    const entry = () => document.querySelector('script[type="module"]');
    const preloaded = () => Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => link.getAttribute('href'));
    expect(entry()).toBeNull();
    // jsdom paints nothing and reports no paint entries: the keeper starts the script at load.
    dom.window.dispatchEvent(new dom.window.Event('load'));
    expect(entry()).toBeNull();
    await expect.poll(() => entry()?.getAttribute('src')).toBe('/assets/index-a1.js');
    // The page's other scripts are the first script's to ask for: a download started at first paint keeps the
    // phone's link to itself meanwhile.
    expect(preloaded()).toEqual([]);
    dom.window.dispatchEvent(new dom.window.Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it('starts no script when the page names none: #page-entry is not a JSON string', async () => {
    for (const pageEntry of ['{"src":"/assets/index-a1.js"}', '/assets/index-a1.js']) {
      const { dom, document } = renderedPage(pageEntry);
      dom.window.dispatchEvent(new dom.window.Event('load'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(document.querySelector('script[type="module"]')).toBeNull();
    }
  });

  it('on a page whose controls all answer without React (PRESS.scriptsOnPress), starts the first script only once a press is kept', async () => {
    const { dom, document, press } = renderedPage(undefined, { htmlAttributes: ' data-scripts-on-press=""' });
    const entry = () => document.querySelector('script[type="module"]');
    dom.window.dispatchEvent(new dom.window.Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(entry()).toBeNull();
    // A disclosure and a native dialog are answered without React: still no script.
    press('menu');
    press('report');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(entry()).toBeNull();
    // A press that needs React starts it.
    press('subscribe');
    await expect.poll(() => entry()?.getAttribute('src')).toBe('/assets/index-a1.js');
  });

  it('on a page that carries only the rules it uses (#page-stylesheet), adds the whole stylesheet at a kept press, and the first script once it has loaded (ADR 069)', async () => {
    const { dom, document, press } = renderedPage(undefined, {
      htmlAttributes: ' data-scripts-on-press=""',
      more: '<script type="application/json" id="page-stylesheet">"/assets/index-a1.css"</script>',
    });
    const stylesheet = () => document.querySelector('link[rel="stylesheet"]');
    const entry = () => document.querySelector('script[type="module"]');
    dom.window.dispatchEvent(new dom.window.Event('load'));
    press('menu');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([stylesheet(), entry()]).toEqual([null, null]);
    press('subscribe');
    await expect.poll(() => stylesheet()?.getAttribute('href')).toBe('/assets/index-a1.css');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(entry()).toBeNull();
    stylesheet()!.dispatchEvent(new dom.window.Event('load'));
    expect(entry()?.getAttribute('src')).toBe('/assets/index-a1.js');
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
  });

  it('leaves a form the browser sends (its action) to the browser once its required fields are filled, and shows their message until then', () => {
    const { document, press, presses } = renderedPage(undefined, {
      more:
        '<form action="/checkout" method="get"><p id="both-required" data-required-for="name email2" role="alert" hidden>Missing information</p>' +
        '<input id="name" name="name"><input id="email2" name="email"><button id="continue" type="submit">Continue</button></form>',
    });
    const message = document.getElementById('both-required')!;
    const [name, email] = [document.getElementById('name')!, document.getElementById('email2')!];
    name.value = 'Robin';
    // The e-mail is empty: its message, the focus on it, no submit, and nothing kept (there is nothing for React to do).
    expect(press('continue').defaultPrevented).toBe(true);
    expect(message.hidden).toBe(false);
    expect(document.activeElement).toBe(email);
    expect(presses()).toEqual([]);
    email.value = 'robin@example.com';
    expect(press('continue').defaultPrevented).toBe(false);
    expect(presses()).toEqual([]);
  });

  it('advances a group of radios by itself (PRESS.advance), and holds one a person chooses first', async () => {
    const radio = (n: number) =>
      `<label><input type="radio" name="room" value="${n}"${n === 0 ? ' checked' : ''}></label><p id="room-${n}" data-slide="${n}"${n ? ' aria-hidden="true"' : ''}>Room ${n}</p>`;
    const { dom, document } = renderedPage(undefined, {
      more: `<section id="carousel" data-advance="60 400">${[0, 1, 2].map(radio).join('')}</section>`,
    });
    dom.window.document.dispatchEvent(new dom.window.Event('DOMContentLoaded'));
    const checked = () => document.querySelector('input:checked')?.value;
    const shownToAll = () => [0, 1, 2].filter((n) => !document.getElementById(`room-${n}`)!.hasAttribute('aria-hidden'));
    expect(checked()).toBe('0');
    await expect.poll(() => checked(), { interval: 10 }).toBe('1');
    expect(shownToAll()).toEqual([1]);
    await expect.poll(() => checked(), { interval: 10 }).toBe('2');
    await expect.poll(() => checked(), { interval: 10 }).toBe('0');
    // A person's choice is held longer than a step before the rotation goes on from it.
    document.querySelectorAll('input[type="radio"]')[1]!.click!();
    expect(checked()).toBe('1');
    expect(shownToAll()).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(checked()).toBe('1');
    await expect.poll(() => checked(), { interval: 10, timeout: 1000 }).toBe('2');
  });
});
