import { CAROUSEL } from '@rv/contracts/constants';
import type { SiteConfig } from '@rv/contracts/api/site';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BeforeAfterCarousel } from './before-after-carousel';

const sample = (id: number, room: string): SiteConfig['samples'][number] => ({
  id,
  room,
  before: `/samples/${id}-before.webp`,
  after: `/samples/${id}-after.webp`,
  thumb: `/samples/${id}-thumb.webp`,
  alt: `${room} after the redesign`,
});
const samples = [sample(1, 'Living room'), sample(2, 'Kitchen'), sample(3, 'Bedroom')];

/** The room shown now: the one slide not hidden from assistive technology. */
const shownRoom = () =>
  screen
    .getAllByRole('img', { name: /after the redesign$/ })
    .map((image) => image.getAttribute('alt'))
    .join();
const thumb = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('BeforeAfterCarousel', () => {
  it('shows the first room, before and after, with the others hidden', () => {
    render(<BeforeAfterCarousel samples={samples} />);
    expect(shownRoom()).toBe('Living room after the redesign');
    expect(screen.getByRole('img', { name: 'Living room before the redesign' }).getAttribute('src')).toBe('/samples/1-before.webp');
    expect(thumb('Show sample 1: Living room').checked).toBe(true);
    // The first 'before' photo is fetched first, alone (its 'after' once the page is laid out); the rooms not
    // shown wait until they are.
    const before = screen.getByRole('img', { name: 'Living room before the redesign' });
    expect([before.getAttribute('fetchpriority'), before.getAttribute('loading')]).toEqual(['high', null]);
    expect(screen.getByRole('img', { name: 'Living room after the redesign' }).getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('img', { name: 'Kitchen before the redesign', hidden: true }).getAttribute('loading')).toBe('lazy');
  });

  it('advances every four seconds and comes round again', () => {
    render(<BeforeAfterCarousel samples={samples} />);
    wait(CAROUSEL.intervalMs - 1);
    expect(shownRoom()).toBe('Living room after the redesign');
    wait(1);
    expect(shownRoom()).toBe('Kitchen after the redesign');
    expect(thumb('Show sample 2: Kitchen').checked).toBe(true);
    wait(CAROUSEL.intervalMs);
    wait(CAROUSEL.intervalMs);
    expect(shownRoom()).toBe('Living room after the redesign');
  });

  it('a chosen room is held for eight seconds before the rotation goes on', () => {
    render(<BeforeAfterCarousel samples={samples} />);
    fireEvent.click(thumb('Show sample 3: Bedroom'));
    expect(shownRoom()).toBe('Bedroom after the redesign');
    wait(CAROUSEL.intervalMs);
    expect(shownRoom()).toBe('Bedroom after the redesign');
    wait(CAROUSEL.pauseAfterClickMs - CAROUSEL.intervalMs);
    expect(shownRoom()).toBe('Living room after the redesign');
    // Then the usual pace again.
    wait(CAROUSEL.intervalMs);
    expect(shownRoom()).toBe('Kitchen after the redesign');
  });

  it('one room does not rotate, and no rooms show nothing', () => {
    render(<BeforeAfterCarousel samples={[samples[0]!]} />);
    wait(CAROUSEL.intervalMs * 3);
    expect(shownRoom()).toBe('Living room after the redesign');
    cleanup();
    const { container } = render(<BeforeAfterCarousel samples={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
