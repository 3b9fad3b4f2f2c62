import { cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '@test/fake-server';
import { importer, useImported, type Importer } from './use-imported';

function Greeting({ code, enabled = true }: { code: Importer<{ greet: (name: string) => string }>; enabled?: boolean }) {
  const loaded = useImported(code, enabled);
  return <p>{loaded ? loaded.greet('Ada') : 'Loading...'}</p>;
}

class Caught extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

const greeter = { greet: (name: string) => `Hello, ${name}` };

afterEach(cleanup);

describe('useImported', () => {
  it('draws its stand-in until the code is in, then the code; a later use draws it at once, asking nothing', async () => {
    const arrival = deferred<typeof greeter>();
    const load = vi.fn(() => arrival.promise);
    const code = importer(load);
    render(<Greeting code={code} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    arrival.resolve(greeter);
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
    cleanup();

    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    render(<Greeting code={code} />);
    observer.disconnect();
    expect(screen.getByText('Hello, Ada')).toBeTruthy();
    expect(seen.some((text) => text.includes('Loading...'))).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing until it is enabled, and asks once for everyone', async () => {
    const load = vi.fn(async () => greeter);
    const code = importer(load);
    const { rerender } = render(<Greeting code={code} enabled={false} />);
    await new Promise((settle) => setTimeout(settle));
    expect(load).not.toHaveBeenCalled();
    rerender(
      <>
        <Greeting code={code} />
        <Greeting code={code} />
      </>,
    );
    expect(await screen.findAllByText('Hello, Ada')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load for the error screen, and a later use asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new Error('The code could not be loaded')).mockResolvedValueOnce(greeter);
    const code = importer<typeof greeter>(load);
    render(
      <Caught>
        <Greeting code={code} />
      </Caught>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The code could not be loaded');
    cleanup();
    render(<Greeting code={code} />);
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
