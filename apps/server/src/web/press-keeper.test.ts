import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PRESS_KEEPER_SCRIPT } from './press-keeper';

/** The few parts of jsdom (a dev dependency without types here) and its DOM this test uses; the server's programme has no DOM types. */
interface Node {
  hidden: boolean;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  dispatchEvent(event: unknown): boolean;
}
interface Dom {
  window: {
    document: {
      getElementById(id: string): Node | null;
      querySelector(s: string): Node | null;
      querySelectorAll(s: string): { length: number };
    };
    MouseEvent: new (type: string, init: object) => { defaultPrevented: boolean };
    KeyboardEvent: new (type: string, init: object) => { defaultPrevented: boolean };
    Event: new (type: string) => unknown;
    dispatchEvent(event: unknown): boolean;
    __rvPresses?: Node[] | null;
  };
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string, options: object) => Dom };

/** A rendered page as the server sends it (serve-web.ts): the first script's URL as data, the keeper first in <body>. */
function renderedPage() {
  const dom = new JSDOM(
    '<html data-rendered=""><head><script type="application/json" id="page-entry">"/assets/index-a1.js"</script></head><body>' +
      `<script>${PRESS_KEEPER_SCRIPT}</script><div id="root" data-rendered="">` +
      '<button id="menu" aria-expanded="false" aria-controls="panel">Menu</button><nav id="panel" hidden><a href="/x">x</a></nav>' +
      '<button id="subscribe">Subscribe</button><button id="report" commandfor="dialog" command="show-modal">Report a bug</button>' +
      '<dialog id="dialog"></dialog><div id="slider" role="group" aria-roledescription="slider" tabindex="0">' +
      '<button id="previous" data-step="previous" disabled>Previous</button><button id="next" data-step="next">Next</button></div>' +
      '</div></body></html>',
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

  it("keeps a slider's arrow key as a press on its step button, and leaves a disabled step and other keys alone", () => {
    const { document, key, presses } = renderedPage();
    expect(key('slider', 'ArrowRight').defaultPrevented).toBe(true);
    expect(presses()).toEqual([document.getElementById('next')]);
    expect(document.getElementById('next')!.hasAttribute('data-early-press')).toBe(true);

    expect(key('slider', 'ArrowLeft').defaultPrevented).toBe(false);
    expect(key('slider', 'Enter').defaultPrevented).toBe(false);
    expect(key('subscribe', 'ArrowRight').defaultPrevented).toBe(false);
    expect(presses()).toHaveLength(1);
  });

  it('starts the first script only once the page has loaded and painted, as a module, in a task of its own', async () => {
    const { dom, document } = renderedPage();
    const entry = () => document.querySelector('script[type="module"]');
    expect(entry()).toBeNull();
    // jsdom paints nothing and reports no paint entries: the keeper starts the script at load.
    dom.window.dispatchEvent(new dom.window.Event('load'));
    expect(entry()).toBeNull();
    await expect.poll(() => entry()?.getAttribute('src')).toBe('/assets/index-a1.js');
    dom.window.dispatchEvent(new dom.window.Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });
});
