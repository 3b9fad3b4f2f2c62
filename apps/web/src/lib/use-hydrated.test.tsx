import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

const seen: boolean[] = [];
function Probe() {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'browser' : 'server'}</p>;
}

afterEach(() => {
  cleanup();
  seen.length = 0;
  document.body.innerHTML = '';
});

describe('useHydrated', () => {
  it('is false in the server’s HTML and while a server-rendered root is hydrated, then true (no mismatch)', async () => {
    const root = Object.assign(document.createElement('div'), { id: 'root' });
    root.setAttribute('data-rendered', '');
    document.body.append(root);
    root.innerHTML = renderToString(<Probe />);
    expect(root.textContent).toBe('server');
    seen.length = 0;
    const errors: unknown[] = [];
    const react = await act(async () => hydrateRoot(root, <Probe />, { onRecoverableError: (error) => errors.push(error) }));
    expect(errors).toEqual([]);
    expect(seen[0]).toBe(false);
    expect(root.textContent).toBe('browser');
    act(() => react.unmount());
  });

  it('is true from the first render on a page the browser draws, and once the page is hydrated', () => {
    render(<Probe />);
    expect(seen).toEqual([true]);
    cleanup();
    seen.length = 0;
    const root = Object.assign(document.createElement('div'), { id: 'root' });
    root.setAttribute('data-rendered', '');
    root.setAttribute('data-hydrated', '');
    document.body.append(root);
    render(<Probe />);
    expect(seen).toEqual([true]);
  });
});
