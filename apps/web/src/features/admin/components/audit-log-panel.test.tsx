import { messages } from '@rv/contracts/messages';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPage } from '@test/admin-page';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { AuditLogPanel } from './audit-log-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPanel = () => renderWithProviders(<AuditLogPanel />, { at: '/admin-dashboard', path: '/admin-dashboard' });

describe('AuditLogPanel', () => {
  it('shows who did what, to whose account, newest first as the server lists them', async () => {
    fakeServer({
      adminAuditLog: adminPage([
        {
          id: 'a1',
          email: 'admin@example.com',
          targetEmail: 'robin@example.com',
          createdAt: '2026-11-29T10:00:00.000Z',
          action: 'read-private-design',
          detail: 'Read private design d1 (its page)',
        },
        {
          id: 'a2',
          email: 'admin@example.com',
          targetEmail: 'sam@example.com',
          createdAt: '2026-11-28T10:00:00.000Z',
          action: 'reset-credits',
          detail: 'Credits reset: 30 of 30 used before',
        },
      ]),
    });
    renderPanel();
    const [read, reset] = within(await screen.findByRole('list', { name: 'Audit log' })).getAllByRole('article');
    expect(read!.textContent).toContain('Read private design d1 (its page) for robin@example.com');
    expect(reset!.textContent).toContain('Credits reset: 30 of 30 used before for sam@example.com');
  });

  it('says when there is nothing yet, and when the log could not be fetched', async () => {
    fakeServer({ adminAuditLog: adminPage([]) });
    renderPanel();
    expect(await screen.findByText(messages.admin.noAuditEntries)).toBeTruthy();
    cleanup();
    fakeServer({ adminAuditLog: () => refuse(500, 'down') });
    renderPanel();
    expect(await screen.findByText(messages.admin.fetchAuditLogFailed)).toBeTruthy();
  });
});
