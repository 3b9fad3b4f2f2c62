import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

/** A screen whose width the test sets: matchMedia answers `(max-width: 767px)` from it, and tells listeners of a change. */
function standInScreen(width: number) {
  const listeners = new Set<() => void>();
  let current = width;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      const max = /max-width:\s*(\d+)px/.exec(query);
      return max ? current <= Number(max[1]) : false;
    },
    addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
  }));
  return {
    listeners,
    resize(next: number) {
      current = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Layout() {
  const phone = useMediaQuery('(max-width: 767px)');
  return <p>{phone ? 'Phone layout' : 'Wide layout'}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useMediaQuery', () => {
  it('answers whether the query matches now, and follows the screen as it changes', () => {
    const screenSize = standInScreen(390);
    render(<Layout />);
    expect(screen.getByText('Phone layout')).toBeTruthy();
    screenSize.resize(1280);
    expect(screen.getByText('Wide layout')).toBeTruthy();
    screenSize.resize(700);
    expect(screen.getByText('Phone layout')).toBeTruthy();
  });

  it('stops listening when the component goes away', () => {
    const screenSize = standInScreen(390);
    const { unmount } = render(<Layout />);
    expect(screenSize.listeners.size).toBe(1);
    unmount();
    expect(screenSize.listeners.size).toBe(0);
  });
});
