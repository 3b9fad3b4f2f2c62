import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PAINTING_MARK, paintBeforeReact, takeEarlyPainting } from './early-painting';

/** Each test's hand-over, made once the test is done if it made none (its painter then stops listening). */
const handOvers: (() => void)[] = [];

/** A results page as the server drew it, its brush opened before React ran: a panel, its painting area, its canvas. */
function openBrush() {
  document.body.innerHTML = `
    <div id="root" data-rendered="">
      <div id="brush-i1" data-in-place-of-photo>
        <div role="application" tabindex="0" id="area"><canvas data-needs-script width="200" height="100"></canvas></div>
      </div>
    </div>`;
  const root = document.getElementById('root')!;
  const area = document.getElementById('area')!;
  const canvas = area.querySelector('canvas')!;
  // The canvas on screen: 400 x 200 px at (100, 50).
  canvas.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 50, width: 400, height: 200 });
  const drawn: string[] = [];
  // jsdom draws nothing: a context that notes what is drawn.
  const note = (name: string) => () => drawn.push(name);
  const context = {
    save: note('save'),
    restore: note('restore'),
    beginPath: note('path'),
    arc: note('arc'),
    fill: note('fill'),
    moveTo: note('moveTo'),
    lineTo: note('lineTo'),
    stroke: note('stroke'),
  };
  Object.defineProperty(canvas, 'getContext', { value: () => context });
  const handOver = paintBeforeReact(() => root.hasAttribute('data-hydrated'));
  handOvers.push(handOver);
  return { root, area, canvas, drawn, handOver };
}

const pointer = (target: Element, type: string, clientX: number, clientY: number) =>
  target.dispatchEvent(new PointerEvent(type, { pointerId: 1, button: 0, clientX, clientY, bubbles: true, cancelable: true }));

afterEach(() => {
  for (const handOver of handOvers.splice(0)) handOver();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(EARLY_PAINTING_MARK);
});

describe('paintBeforeReact', () => {
  it('says it paints (the brush’s note goes), draws a stroke on the open brush at once, and keeps it for the brush', () => {
    const { canvas, drawn } = openBrush();
    expect(document.documentElement.hasAttribute(EARLY_PAINTING_MARK)).toBe(true);
    const reactSaw = vi.fn();
    document.addEventListener('pointerdown', reactSaw);
    pointer(canvas, 'pointerdown', 200, 100);
    pointer(canvas, 'pointermove', 300, 150);
    pointer(canvas, 'pointerup', 300, 150);
    // Drawn as it was made: the dot where it began, then the line.
    expect(drawn).toContain('arc');
    expect(drawn).toContain('lineTo');
    // The stroke is this script's: nothing else on the page saw it begin.
    expect(reactSaw).not.toHaveBeenCalled();
    expect(takeEarlyPainting('brush-i1')).toEqual([
      {
        mode: 'paint',
        size: 0.06,
        points: [
          [0.25, 0.25],
          [0.5, 0.5],
        ],
      },
    ]);
    // Taken once: the brush has it now.
    expect(takeEarlyPainting('brush-i1')).toEqual([]);
    document.removeEventListener('pointerdown', reactSaw);
  });

  it('keeps the painting area’s keys in order and gives them to it once React runs the page', async () => {
    const { root, area, handOver } = openBrush();
    const given: { key: string; shiftKey: boolean }[] = [];
    area.addEventListener('keydown', (event) => given.push({ key: event.key, shiftKey: event.shiftKey }));
    const scrolled = area.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowLeft', shiftKey: true, bubbles: true, cancelable: true }),
    );
    // Not a scroll of the page, nor a slider's step.
    expect(scrolled).toBe(false);
    area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    // Not one of the painting area's keys: left to the page.
    area.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true }));
    expect(given).toEqual([{ key: 'a', shiftKey: false }]);
    given.length = 0;

    // React runs the page: nothing is given before the hand-over (React has opened the brush by then).
    root.setAttribute('data-hydrated', '');
    expect(given).toEqual([]);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      handOver();
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    expect(given).toEqual([
      { key: 'ArrowLeft', shiftKey: true },
      { key: 'Enter', shiftKey: false },
    ]);
  });

  it('once React runs the page, a new stroke or key is React’s; a stroke begun before is finished and kept', () => {
    const { root, area, canvas, handOver } = openBrush();
    pointer(canvas, 'pointerdown', 100, 50);
    root.setAttribute('data-hydrated', '');
    handOver();
    pointer(canvas, 'pointerup', 500, 250);
    expect(takeEarlyPainting('brush-i1')).toEqual([{ mode: 'paint', size: 0.06, points: [[0, 0]] }]);
    const reactSaw = vi.fn();
    document.addEventListener('pointerdown', reactSaw);
    document.addEventListener('keydown', reactSaw);
    pointer(canvas, 'pointerdown', 200, 100);
    area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(reactSaw).toHaveBeenCalledTimes(2);
    expect(takeEarlyPainting('brush-i1')).toEqual([]);
  });
});
