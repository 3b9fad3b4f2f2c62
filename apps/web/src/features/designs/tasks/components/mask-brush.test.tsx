import { messages } from '@rv/contracts/messages';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MaskStroke } from '@/features/designs/tasks/lib/mask-strokes';
import { MaskBrush } from './mask-brush';

const text = messages.refineMask;

/** The brush as its callers hold it: the strokes live outside, every change is recorded. */
function renderBrush(initial: MaskStroke[] = []) {
  const changes: MaskStroke[][] = [];
  const onDone = vi.fn();
  function Holder() {
    const [strokes, setStrokes] = useState(initial);
    return (
      <MaskBrush
        src="/api/files/designs/d1/generated-1.webp"
        alt="Loft: paint the part to change"
        width={1600}
        height={1200}
        strokes={strokes}
        onStrokesChange={(next) => {
          changes.push(next);
          setStrokes(next);
        }}
        onDone={onDone}
      />
    );
  }
  render(<Holder />);
  return { changes, onDone, area: screen.getByRole('application', { name: text.canvasLabel }) };
}

const key = (element: HTMLElement, name: string, options: { shiftKey?: boolean } = {}) =>
  fireEvent.keyDown(element, { key: name, ...options });
/** What the painting area last announced to a screen reader. */
const announced = () => screen.getByRole('application').querySelector('[aria-live]')?.textContent;

afterEach(cleanup);

describe('MaskBrush', () => {
  it('shows the image to paint on, the help (the keyboard part apart) and the brush tools', () => {
    renderBrush();
    expect(screen.getByRole('img', { name: 'Loft: paint the part to change' }).getAttribute('src')).toBe(
      '/api/files/designs/d1/generated-1.webp',
    );
    expect(screen.getByText(text.brushHelp, { exact: false })).toBeTruthy();
    expect(screen.getByTestId('brush-keyboard-help').textContent).toBe(text.keyboardHelp);
    const canvas = screen.getByTestId('mask-canvas');
    // The canvas draws at most 1280 pixels on its long side, in the image's proportions.
    expect([canvas.getAttribute('width'), canvas.getAttribute('height')]).toEqual(['1280', '960']);
    expect(screen.getByRole('button', { name: text.paint }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: text.undo }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: text.clear }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText(text.painted)).toBeNull();
  });

  it('from the keyboard: the arrows move the cross, Enter marks two corners, and a rectangle is painted', async () => {
    const { changes, area } = renderBrush();
    act(() => area.focus());
    expect(screen.getByTestId('mask-cursor').style.left).toBe('50.00%');
    key(area, 'Enter');
    expect(announced()).toBe('First corner marked. Move to the opposite corner and press Enter.');
    key(area, 'ArrowRight', { shiftKey: true });
    key(area, 'ArrowDown');
    expect(screen.getByTestId('mask-cursor').style.left).toBe('60.00%');
    expect(screen.getByTestId('mask-cursor').style.top).toBe('52.00%');
    key(area, 'Enter');
    expect(announced()).toBe('Rectangle painted.');
    expect(changes).toHaveLength(1);
    const [rectangle] = changes[0]!;
    expect(rectangle).toMatchObject({ mode: 'paint' });
    const [x0, y0, x1, y1] = (rectangle as { rect: number[] }).rect;
    expect([x0, y0, x1, y1].map((value) => Number(value!.toFixed(2)))).toEqual([0.5, 0.5, 0.6, 0.52]);
    expect(screen.getByText(text.painted)).toBeTruthy();
  });

  it('a rectangle with no area paints nothing, and Escape forgets the first corner', () => {
    const { changes, area } = renderBrush();
    act(() => area.focus());
    key(area, 'Enter');
    key(area, 'ArrowRight');
    key(area, 'Enter');
    expect(announced()).toBe('The rectangle has no area. Mark the first corner again.');
    key(area, 'Enter');
    key(area, 'Escape');
    expect(announced()).toBe('Corner forgotten.');
    expect(changes).toEqual([]);
  });

  it('erasing marks an erasing rectangle; Undo takes the last stroke away, Clear all of them; Stop painting is the caller’s', async () => {
    const painted: MaskStroke = { mode: 'paint', rect: [0.1, 0.1, 0.3, 0.3] };
    const { changes, onDone, area } = renderBrush([painted]);
    await userEvent.click(screen.getByRole('button', { name: text.erase }));
    expect(screen.getByRole('button', { name: text.erase }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: text.paint }).getAttribute('aria-pressed')).toBe('false');
    act(() => area.focus());
    key(area, 'Enter');
    key(area, 'ArrowLeft');
    key(area, 'ArrowUp');
    key(area, 'Enter');
    expect(announced()).toBe('Rectangle erased.');
    expect(changes.at(-1)).toEqual([painted, expect.objectContaining({ mode: 'erase' })]);

    await userEvent.click(screen.getByRole('button', { name: text.undo }));
    expect(changes.at(-1)).toEqual([painted]);
    await userEvent.click(screen.getByRole('button', { name: text.clear }));
    expect(changes.at(-1)).toEqual([]);
    expect(screen.getByRole('button', { name: text.undo }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText(text.painted)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: text.done }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('the brush size is the stroke’s width, as a fraction of the image', () => {
    const { changes } = renderBrush();
    fireEvent.change(screen.getByLabelText(text.brushSize), { target: { value: '12' } });
    const canvas = screen.getByTestId('mask-canvas');
    canvas.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      width: 200,
      height: 100,
      right: 200,
      bottom: 100,
      x: 0,
      y: 0,
      toJSON: () => '',
    });
    canvas.setPointerCapture = () => undefined;
    fireEvent.pointerDown(canvas, { pointerId: 1, button: 0, clientX: 50, clientY: 25 });
    fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 150, clientY: 75 });
    fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 150, clientY: 75 });
    expect(changes).toEqual([
      [
        {
          mode: 'paint',
          size: 0.12,
          points: [
            [0.25, 0.25],
            [0.75, 0.75],
          ],
        },
      ],
    ]);
  });

  it('a brush not yet painted on makes no drawing context (hidden in the page, it costs the start nothing); a painting draws', () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    renderBrush();
    expect(getContext).not.toHaveBeenCalled();
    cleanup();
    renderBrush([{ mode: 'paint', rect: [0.1, 0.1, 0.4, 0.4] }]);
    expect(getContext).toHaveBeenCalledWith('2d');
    getContext.mockRestore();
  });
});
