import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

afterEach(cleanup);

describe('Pagination', () => {
  const info = (updatedPage: number, lastPage: number) => ({
    updatedPage,
    lastPage,
    hasPreviousPage: updatedPage > 1,
    hasNextPage: updatedPage < lastPage,
  });

  it('shows nothing for a single page', () => {
    const { container } = render(<Pagination info={info(1, 1)} onPage={() => {}} label="Designs pages" />);
    expect(container.innerHTML).toBe('');
  });

  it('says where the list is, and asks for the page before or after it', async () => {
    const onPage = vi.fn();
    render(<Pagination info={info(2, 3)} onPage={onPage} label="Designs pages" />);
    const pager = within(screen.getByRole('navigation', { name: 'Designs pages' }));
    expect(pager.getByText('Page 2 of 3').getAttribute('aria-live')).toBe('polite');
    const user = userEvent.setup();
    await user.click(pager.getByRole('button', { name: 'Previous' }));
    await user.click(pager.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    render(<Pagination info={info(1, 2)} onPage={() => {}} label="First" />);
    render(<Pagination info={info(2, 2)} onPage={() => {}} label="Last" />);
    const first = within(screen.getByRole('navigation', { name: 'First' }));
    const last = within(screen.getByRole('navigation', { name: 'Last' }));
    expect([
      first.getByRole('button', { name: 'Previous' }).hasAttribute('disabled'),
      first.getByRole('button', { name: 'Next' }).hasAttribute('disabled'),
    ]).toEqual([true, false]);
    expect([
      last.getByRole('button', { name: 'Previous' }).hasAttribute('disabled'),
      last.getByRole('button', { name: 'Next' }).hasAttribute('disabled'),
    ]).toEqual([false, true]);
  });
});
