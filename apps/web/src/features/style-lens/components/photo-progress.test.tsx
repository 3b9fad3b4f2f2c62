import { STYLE_LENS } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaletteSwatches, parsePaletteEntry } from './palette-swatches';
import { PhotoProgress } from './photo-progress';

afterEach(cleanup);

const markers = () =>
  within(screen.getByRole('list', { name: 'Progress markers' }))
    .getAllByRole('listitem')
    .map((marker) => marker.textContent);

describe('PhotoProgress', () => {
  it('counts the photos and says how many more are needed', () => {
    render(<PhotoProgress count={4} />);
    expect(screen.getByTestId('style-photo-count').textContent).toBe('4 of 10 photos');
    expect(screen.getByText('Add 1 more photo to analyse your style.')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Photos added' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax'), bar.getAttribute('aria-valuetext')]).toEqual([
      '4',
      String(STYLE_LENS.maxPhotos),
      '4 of 10 photos',
    ]);
    expect(markers()).toEqual(['3: Good start (reached)', '6: Taking shape (not yet)', `10: ${messages.styleLens.ready} (not yet)`]);
  });

  it('says the photos are enough from five, and full at ten', () => {
    render(<PhotoProgress count={0} />);
    expect(screen.getByText('Add 5 more photos to analyse your style.')).toBeTruthy();
    cleanup();
    render(<PhotoProgress count={7} />);
    expect(screen.getByText('Ready to analyse. You can add 3 more for a sharper profile.')).toBeTruthy();
    expect(markers()).toEqual(['3: Good start (reached)', '6: Taking shape (reached)', `10: ${messages.styleLens.ready} (not yet)`]);
    cleanup();
    render(<PhotoProgress count={10} />);
    expect(screen.getByText('Maximum reached: remove a photo to add a different one.')).toBeTruthy();
    expect(markers()[2]).toBe(`10: ${messages.styleLens.ready} (reached)`);
  });
});

describe('PaletteSwatches', () => {
  it('reads a colour and its name from a palette entry', () => {
    expect(parsePaletteEntry('#d9cbb5 warm sand')).toEqual({ hex: '#d9cbb5', name: 'warm sand' });
    expect(parsePaletteEntry('  #ffffff  ')).toEqual({ hex: '#ffffff', name: '#ffffff' });
  });

  it('shows every colour when there are four or fewer, with nothing more to count', () => {
    render(<PaletteSwatches palette={['#d9cbb5 warm sand', '#3b3a36 charcoal']} />);
    expect(
      within(screen.getByRole('list', { name: 'Palette' }))
        .getAllByRole('listitem')
        .map((swatch) => swatch.textContent),
    ).toEqual(['warm sand', 'charcoal']);
  });

  it('paints only real colour values', () => {
    const { container } = render(<PaletteSwatches palette={['#d9cbb5 warm sand', 'url(x) evil']} />);
    const chips = container.querySelectorAll<HTMLElement>('[aria-hidden]');
    expect(chips[0]!.style.backgroundColor).not.toBe('');
    expect(chips[1]!.style.backgroundColor).toBe('');
  });
});
