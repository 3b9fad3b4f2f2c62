import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRESS } from '@rv/contracts/press';
import { holdEarlyPresses } from './early-press';

/** A rendered page's root with a button, a disclosure (button + panel) and a link, a slider of three images, two toggles. */
function renderedPage() {
  document.body.innerHTML = `
    <div id="root" data-rendered="">
      <button type="button" id="subscribe">Subscribe Now</button>
      <button type="button" id="menu" aria-label="Menu" aria-expanded="false" aria-controls="panel">≡</button>
      <div id="panel" hidden><a href="#faq" id="link">FAQ</a></div>
      <button type="button" id="off" disabled>Off</button>
      <div id="slider" role="group" aria-roledescription="slider" tabindex="0" data-slides="3">
        <p data-slide="0">Room 1</p><p data-slide="1" hidden>Room 2</p><p data-slide="2" hidden>Room 3</p>
        <div id="painting" role="application" tabindex="0">Painting area</div>
        <button type="button" id="previous" data-step="previous">Previous</button>
        <button type="button" id="next" data-step="next">Next</button>
      </div>
      <form id="tool">
        <input type="file" id="photo" />
        <p id="photo-required" data-required-for="photo" role="alert" hidden>Please upload a room photo</p>
        <button id="create">Create</button>
      </form>
      <form>
        <input type="email" id="email" />
        <p id="email-required" data-required-for="email" role="alert" hidden>Please enter a valid email address</p>
        <button id="sign-in">Sign In</button>
      </form>
      <button type="button" id="gallery"><span id="gallery-idle">Share your room with us!</span><span id="gallery-sending" data-early-label hidden>Sharing...</span><span id="gallery-shared" hidden>Shared!</span></button>
      <div role="group" aria-label="Was this design helpful?">
        <button type="button" id="up" aria-pressed="false">Thumbs up</button>
        <button type="button" id="down" aria-pressed="false">Thumbs down</button>
      </div>
    </div>`;
  const root = document.getElementById('root')!;
  const byId = (id: string) => document.getElementById(id)!;
  return { root, byId };
}

/**
 * What React does once it runs the page: the mark set in Root's effect (observers then run); then whatever
 * this script scheduled on that runs to its end (disclosures left open handed over, the kept presses carried
 * out), however many tasks it takes.
 */
async function hydrate(root: HTMLElement) {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    root.setAttribute('data-hydrated', '');
    await vi.runAllTimersAsync();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * React, once it runs the page: a click on the disclosure `menu` sets its state, drawn in a microtask; a press
 * on `reader` reads it. Answers what each press on `reader` read.
 */
function reactReadingTheMenu(root: HTMLElement, menu: HTMLElement, reader: HTMLElement): boolean[] {
  let open = false;
  const seenOpen: boolean[] = [];
  root.addEventListener('click', (event) => {
    if (event.target === menu) queueMicrotask(() => (open = !open));
    if (event.target === reader) seenOpen.push(open);
  });
  return seenOpen;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holdEarlyPresses', () => {
  it('keeps a press on a button until React runs the page, shows it at once, then carries it out once', async () => {
    const { root, byId } = renderedPage();
    const pressed = vi.fn();
    holdEarlyPresses(root, pressed);
    const react = vi.fn();
    root.addEventListener('click', react);

    byId('subscribe').click();
    byId('subscribe').click();
    expect(react).not.toHaveBeenCalled();
    expect(byId('subscribe').hasAttribute(PRESS.pressed)).toBe(true);
    expect(pressed).toHaveBeenCalled();

    await hydrate(root);
    expect(react).toHaveBeenCalledTimes(1);
    expect(react.mock.calls[0]![0].target).toBe(byId('subscribe'));
    expect(byId('subscribe').hasAttribute(PRESS.pressed)).toBe(false);

    // From then on React has the presses.
    byId('subscribe').click();
    expect(react).toHaveBeenCalledTimes(2);
  });

  it('says it has handed over once React runs the page, after the disclosures and the kept presses', async () => {
    const { root, byId } = renderedPage();
    const order: string[] = [];
    holdEarlyPresses(root, undefined, () => order.push('handed over'));
    root.addEventListener('click', (event) => order.push(`click ${event.target instanceof HTMLElement ? event.target.id : ''}`));
    byId('menu').click();
    byId('subscribe').click();
    expect(order).toEqual([]);
    await hydrate(root);
    expect(order).toEqual(['click menu', 'click subscribe', 'handed over']);
  });

  it('shows at once the label a button has while its press is on its way, and hands the labels back to React just before the press', async () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    const shown = () => ['gallery-idle', 'gallery-sending', 'gallery-shared'].filter((id) => !byId(id).hidden);
    let shownWhenPressed: string[] = [];
    const react = vi.fn(() => (shownWhenPressed = shown()));
    root.addEventListener('click', react);

    byId('gallery').click();
    expect(shown()).toEqual(['gallery-sending']);
    expect(byId('gallery').textContent).toContain('Sharing...');
    // A second press is the same one: it changes nothing.
    byId('gallery').click();
    expect(shown()).toEqual(['gallery-sending']);

    await hydrate(root);
    expect(react).toHaveBeenCalledTimes(1);
    // React finds the labels as it drew them, and shows 'Sharing...' itself.
    expect(shownWhenPressed).toEqual(['gallery-idle']);
    expect(root.querySelectorAll(`[${PRESS.answer}], [${PRESS.hidden}]`)).toHaveLength(0);
  });

  it('shows a toggle among choices pressed at once, the others not, and carries the presses out in order', async () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    const react = vi.fn();
    root.addEventListener('click', react);
    const pressed = () => ['up', 'down'].map((id) => byId(id).getAttribute('aria-pressed'));

    byId('down').click();
    expect(pressed()).toEqual(['false', 'true']);
    byId('up').click();
    expect(pressed()).toEqual(['true', 'false']);
    // Other buttons are not toggles.
    byId('subscribe').click();
    expect(byId('subscribe').hasAttribute('aria-pressed')).toBe(false);
    expect(react).not.toHaveBeenCalled();

    await hydrate(root);
    expect(react.mock.calls.map(([event]) => (event as MouseEvent).target)).toEqual([byId('down'), byId('up'), byId('subscribe')]);
  });

  it("shows a missing photo's message at a press on the form's submit button, takes it away when one is picked, and hands it to React", async () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    const react = vi.fn((event: Event) => event.preventDefault());
    root.addEventListener('click', react);
    const message = byId('photo-required');

    byId('create').click();
    expect(message.hidden).toBe(false);
    expect(message.hasAttribute(PRESS.answer)).toBe(true);
    expect(document.activeElement).toBe(byId('photo'));
    // A photo picked: the message goes, as React's form does once a submit was tried.
    Object.defineProperty(byId('photo'), 'files', { value: [new File(['x'], 'room.jpg', { type: 'image/jpeg' })] });
    byId('photo').dispatchEvent(new Event('change', { bubbles: true }));
    expect(message.hidden).toBe(true);
    byId('create').click();
    expect(message.hidden).toBe(true);

    // Once React runs the page: the message is React's again (hidden, as React drew it), then the press is carried out once.
    message.hidden = false;
    let hiddenWhenPressed: HTMLElement['hidden'] | undefined;
    react.mockImplementation((event: Event) => {
      hiddenWhenPressed = message.hidden;
      event.preventDefault();
    });
    await hydrate(root);
    expect(react.mock.calls.map(([event]) => (event as MouseEvent).target)).toEqual([byId('create')]);
    expect(hiddenWhenPressed).toBe(true);
    expect(message.hasAttribute(PRESS.answer)).toBe(false);
  });

  it('shows the message of a text field the form needs when it is left empty, and not once it is typed in', () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    const message = byId('email-required');
    byId('sign-in').click();
    expect(message.hidden).toBe(false);
    expect(document.activeElement).toBe(byId('email'));
    message.hidden = true;
    (byId('email') as HTMLInputElement).value = 'sam@example.com';
    byId('sign-in').click();
    expect(message.hidden).toBe(true);
  });

  it('carries the kept presses out only once React has drawn what the disclosures left open changed (log-in: the password opened, then Sign In)', async () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    byId('menu').click();
    byId('subscribe').click();
    const seenOpen = reactReadingTheMenu(root, byId('menu'), byId('subscribe'));
    await hydrate(root);
    expect(seenOpen).toEqual([true]);
  });

  it("takes a slider's arrow keys as presses on its step buttons, carried out once React runs the page, but not an application's inside it", async () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    const react = vi.fn();
    root.addEventListener('click', react);
    const key = (name: string, on = 'slider') => {
      const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
      byId(on).dispatchEvent(event);
      return event;
    };

    const shown = () =>
      [...root.querySelectorAll<HTMLElement>('[data-slide]')].filter((slide) => !slide.hidden).map((slide) => slide.textContent);
    // The brush's painting area inside the slider takes its own arrow keys: they step nothing.
    expect(key('ArrowRight', 'painting').defaultPrevented).toBe(false);
    expect(shown()).toEqual(['Room 1']);
    expect(key('ArrowRight').defaultPrevented).toBe(true);
    expect(key('ArrowDown').defaultPrevented).toBe(false);
    expect(byId('next').hasAttribute(PRESS.pressed)).toBe(true);
    expect(byId('previous').hasAttribute(PRESS.pressed)).toBe(false);
    // The next image shows at once; each step counts, and the first image follows the last.
    expect(shown()).toEqual(['Room 2']);
    key('ArrowRight');
    byId('next').click();
    expect(shown()).toEqual(['Room 1']);
    byId('previous').click();
    expect(shown()).toEqual(['Room 3']);
    expect(react).not.toHaveBeenCalled();

    await hydrate(root);
    // React is given every step, in order, and ends on the image already shown.
    expect(react.mock.calls.map(([event]) => (event as MouseEvent).target)).toEqual([
      byId('next'),
      byId('next'),
      byId('next'),
      byId('previous'),
    ]);
    // From then on the arrow keys are React's.
    expect(key('ArrowLeft').defaultPrevented).toBe(false);
  });

  it('carries a kept press out on the button React put in its place when it drew the page anew instead of adopting it', async () => {
    const { root, byId } = renderedPage();
    root.insertAdjacentHTML('beforeend', '<p><button type="button">Save</button></p>');
    const save = () => root.querySelector<HTMLElement>('p > button')!;
    holdEarlyPresses(root);
    byId('subscribe').click();
    save().click();

    // A hydration that falls back to drawing the page anew replaces the server's HTML: the pressed buttons are detached.
    root.innerHTML = root.innerHTML.replaceAll(` ${PRESS.pressed}=""`, '');
    const react = vi.fn();
    root.addEventListener('click', react);
    await hydrate(root);
    // On the code before, both presses went to the detached buttons and nothing happened.
    expect(react.mock.calls.map(([event]) => (event as MouseEvent).target)).toEqual([byId('subscribe'), save()]);
  });

  it('hands a disclosure left open to React before any press after the mark: a Sign In pressed just as React took over sends the password', async () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    byId('menu').click();
    const seenOpen = reactReadingTheMenu(root, byId('menu'), byId('sign-in'));
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      root.setAttribute('data-hydrated', '');
      // The observers' microtasks, and the state drawn in theirs; then a person's press, a task of its own,
      // before any timer the hand-over set (on a slow machine, a press came in that gap).
      await Promise.resolve();
      await Promise.resolve();
      byId('sign-in').click();
      expect(seenOpen).toEqual([true]);
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    expect(byId('menu').getAttribute('aria-expanded')).toBe('true');
  });

  it('opens and closes a disclosure at once (Escape too), and hands an open one to React with one click', async () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    const react = vi.fn();
    root.addEventListener('click', react);

    byId('menu').click();
    expect(byId('menu').getAttribute('aria-expanded')).toBe('true');
    expect(byId('panel').hidden).toBe(false);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(byId('menu').getAttribute('aria-expanded')).toBe('false');
    expect(byId('panel').hidden).toBe(true);
    expect(document.activeElement).toBe(byId('menu'));

    byId('menu').click();
    expect(react).not.toHaveBeenCalled();
    await hydrate(root);
    expect(react).toHaveBeenCalledTimes(1);
    expect(react.mock.calls[0]![0].target).toBe(byId('menu'));
  });

  it("opens, in the header React draws in the app shell's place, the menu a person opened before React ran (a page the browser draws)", async () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    byId('menu').click();
    expect(byId('panel').hidden).toBe(false);

    // React draws the page anew: the same ids, its menu closed.
    root.innerHTML = root.innerHTML
      .replace('aria-expanded="true"', 'aria-expanded="false"')
      .replace('<div id="panel">', '<div id="panel" hidden="">');
    expect(byId('menu').getAttribute('aria-expanded')).toBe('false');
    const react = vi.fn();
    root.addEventListener('click', react);
    await hydrate(root);
    // On the code before, the click went to the detached button and the menu closed under the person's finger.
    expect(react.mock.calls.map(([event]) => (event as MouseEvent).target)).toEqual([byId('menu')]);
  });

  it('hands nothing to React for a disclosure closed again, and leaves links and disabled buttons alone', async () => {
    const { root, byId } = renderedPage();
    holdEarlyPresses(root);
    const react = vi.fn();
    root.addEventListener('click', react);

    byId('menu').click();
    byId('menu').click();
    byId('off').click();
    expect(react).not.toHaveBeenCalled();
    byId('link').click();
    expect(react).toHaveBeenCalledTimes(1);

    await hydrate(root);
    expect(react).toHaveBeenCalledTimes(1);
    expect(byId('off').hasAttribute(PRESS.pressed)).toBe(false);
  });

  it('starts before #root has been parsed (the first script runs as soon as it arrives), and keeps presses once it is there', async () => {
    const pressed = vi.fn();
    holdEarlyPresses(() => document.getElementById('root'), pressed);
    // A button outside the page's root is not ours.
    document.body.innerHTML = '<button type="button" id="outside">Outside</button>';
    document.getElementById('outside')!.click();
    expect(pressed).not.toHaveBeenCalled();

    const { root, byId } = renderedPage();
    const react = vi.fn();
    root.addEventListener('click', react);
    byId('subscribe').click();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(react).not.toHaveBeenCalled();
    await hydrate(root);
    expect(react).toHaveBeenCalledTimes(1);
    expect(react.mock.calls[0]![0].target).toBe(byId('subscribe'));
  });

  it("takes over the presses the page's inline keeper took before this script arrived, in order, without doing them twice", async () => {
    const { root, byId } = renderedPage();
    // What the inline keeper leaves: the menu opened by itself; the other presses marked and queued in
    // order, after it showed what they do at once (here: the slider on its second image).
    byId('menu').setAttribute('aria-expanded', 'true');
    byId('panel').hidden = false;
    byId('next').setAttribute(PRESS.pressed, '');
    byId('subscribe').setAttribute(PRESS.pressed, '');
    for (const slide of root.querySelectorAll<HTMLElement>('[data-slide]')) slide.hidden = slide.dataset.slide !== '1';
    window.__rvPresses = [byId('next'), byId('subscribe')];
    const react = vi.fn();
    root.addEventListener('click', react);

    holdEarlyPresses(root);
    expect(window.__rvPresses).toBeNull();
    expect(byId('subscribe').hasAttribute(PRESS.pressed)).toBe(true);
    expect([...root.querySelectorAll<HTMLElement>('[data-slide]')].map((slide) => slide.hidden)).toEqual([true, false, true]);
    expect(react).not.toHaveBeenCalled();

    // Escape closes the menu the keeper opened: it is this script's now.
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(byId('panel').hidden).toBe(true);

    await hydrate(root);
    expect(react.mock.calls.map((call) => (call[0] as MouseEvent).target)).toEqual([byId('next'), byId('subscribe')]);
    delete window.__rvPresses;
  });
});
