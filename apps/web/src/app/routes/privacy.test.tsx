import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as PrivacyPage } from './privacy';

afterEach(cleanup);

describe('the privacy page', () => {
  it('has its five sections in order, each named by its heading', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('region').map((section) => section.getAttribute('aria-labelledby'))).toEqual([
      'privacy-stored',
      'privacy-photos',
      'privacy-retention',
      'privacy-export',
      'privacy-delete',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'What we store' })).getAllByRole('listitem')).toHaveLength(10);
    // What the browser keeps on the person's device (a design form's draft, ADR 054) is said too.
    expect(screen.getByText(/your browser keeps what you entered/).textContent).toContain('when you log out');
  });

  it('says how long each thing is kept, one row each, with the sessions’ 14 days', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const table = within(screen.getByRole('region', { name: 'How long we keep it' })).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['What', 'How long']);
    const sessions = within(table).getByRole('rowheader', { name: 'Sign-in sessions' }).closest('tr')!;
    expect(within(sessions).getByRole('cell').textContent).toBe(
      '14 days at most (they are never extended); ended at once when you log out',
    );
    expect(within(table).getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'Your Account' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: /Back to Home/ }).getAttribute('href')).toBe('/');
  });
});
