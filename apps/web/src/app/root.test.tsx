import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Root } from './root';

function Broken(): never {
  throw new Error('The page broke');
}

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

/** The shell with three pages (one that breaks, one long with an anchor), and links outside it to move between them. */
function renderShell(at = '/fine') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route element={<Root />}>
          <Route path="/fine" element={<h1>Fine page</h1>} />
          <Route path="/broken" element={<Broken />} />
          <Route
            path="/long"
            element={
              <>
                <h1>Long page</h1>
                <h2 id="faq">Questions</h2>
              </>
            }
          />
        </Route>
      </Routes>
      <nav aria-label="Test">
        <Link to="/fine">Fine</Link>
        <Link to="/broken">Broken</Link>
        <Link to="/long">Long</Link>
        <Link to="/long#faq">Long, at its questions</Link>
        <Back />
      </nav>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Root', () => {
  it('shows Something went wrong for a page that breaks, until the person goes elsewhere', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = renderShell();
    await user.click(screen.getByRole('link', { name: 'Broken' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Please reload the page. If it keeps happening, tell us with Report a bug.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'The page broke' }));
    await user.click(screen.getByRole('link', { name: 'Fine' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Fine page' })).toBeTruthy();
  });

  it('starts a new page at its top, or at its anchor', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const intoView = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    const user = renderShell();
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Long' }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    await user.click(screen.getByRole('link', { name: 'Long, at its questions' }));
    expect(intoView.mock.contexts).toEqual([screen.getByRole('heading', { name: 'Questions' })]);
  });

  it('leaves the scroll to the browser on back and forward', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = renderShell();
    await user.click(screen.getByRole('link', { name: 'Long' }));
    scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Fine page' })).toBeTruthy();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
