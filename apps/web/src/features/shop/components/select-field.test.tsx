import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectField } from './select-field';

/** A page with a country to choose and what it has chosen, as the shop holds it. */
function Page() {
  const [country, setCountry] = useState<'UK' | 'USA' | ''>('');
  return (
    <>
      <SelectField label="Country" value={country} options={['UK', 'USA']} placeholder="Choose a country" onChange={setCountry} />
      <p>Chosen: {country || 'none'}</p>
    </>
  );
}

/** The page as the server drew it, `early` chosen in its select before React ran it, then hydrated. */
async function hydratedAfter(early: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  const select = container.querySelector('select')!;
  select.value = early;
  const root = await act(async () => hydrateRoot(container, <Page />));
  return { select, unmount: () => act(() => root.unmount()) };
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('SelectField on a page the server drew', () => {
  it('takes over a choice made before React ran the page, instead of drawing its own over it', async () => {
    const { select, unmount } = await hydratedAfter('USA');
    expect(screen.getByText('Chosen: USA')).toBeTruthy();
    expect(select.value).toBe('USA');
    unmount();
  });

  it('leaves the choice empty when none was made', async () => {
    const { select, unmount } = await hydratedAfter('');
    expect(screen.getByText('Chosen: none')).toBeTruthy();
    expect(select.value).toBe('');
    unmount();
  });
});
