import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { viewImage } from '@test/design-image';
import { BeforeAfterCompare } from './before-after-compare';

afterEach(cleanup);

/** The photo is 400 px wide at x = 100 on the screen (jsdom lays nothing out). */
function renderCompare() {
  render(<BeforeAfterCompare before={viewImage({ id: 'o' })} after={viewImage({ id: 'a' })} label="Result: 1 of 1" />);
  const photo = screen.getByTestId('before-after');
  photo.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 300, right: 500, bottom: 300, x: 100, y: 0, toJSON: () => ({}) });
  const range = screen.getByLabelText(/Compare with the original/) as HTMLInputElement;
  const clip = () => screen.getByRole('img', { name: 'The original room' }).style.clipPath;
  return { photo, range, clip };
}

const at = (clientX: number, pointerType = 'touch', pointerId = 1) => ({ clientX, pointerType, pointerId, button: 0, isPrimary: true });

describe('BeforeAfterCompare', () => {
  it('shows the design whole at first; the original is one press of its switch away, and back', () => {
    const { range, clip } = renderCompare();
    expect(range.value).toBe('0');
    expect(clip()).toBe('inset(0 100% 0 0)');
    fireEvent.click(screen.getByRole('button', { name: 'Show the original' }));
    expect(clip()).toBe('inset(0 0% 0 0)');
    fireEvent.click(screen.getByRole('button', { name: 'Show the design' }));
    expect(range.value).toBe('0');
  });

  it('follows a finger dragged anywhere on the photo, and the original is revealed up to it', () => {
    const { photo, range, clip } = renderCompare();
    expect(range.value).toBe('0');
    fireEvent.pointerDown(photo, at(300));
    fireEvent.pointerMove(photo, at(180));
    expect(range.value).toBe('20');
    expect(clip()).toBe('inset(0 80% 0 0)');
    fireEvent.pointerMove(photo, at(40));
    expect(range.value).toBe('0');
    fireEvent.pointerUp(photo, at(40));
    // Once lifted, moving over the photo changes nothing.
    fireEvent.pointerMove(photo, at(400));
    expect(range.value).toBe('0');
  });

  it('moves to where the photo is tapped or clicked, and follows only the pointer that pressed', () => {
    const { photo, range } = renderCompare();
    fireEvent.pointerDown(photo, at(400, 'mouse'));
    expect(range.value).toBe('75');
    fireEvent.pointerMove(photo, at(200, 'touch', 7));
    expect(range.value).toBe('75');
    fireEvent.pointerCancel(photo, at(400, 'mouse'));
    // A right click does not move it.
    fireEvent.pointerDown(photo, { ...at(100, 'mouse'), button: 2 });
    expect(range.value).toBe('75');
  });

  it('still works with the keyboard through its range input', () => {
    const { range } = renderCompare();
    fireEvent.change(range, { target: { value: '49' } });
    expect(range.value).toBe('49');
  });
});
