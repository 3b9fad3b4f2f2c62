import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { styleLens, userProfile } from '@test/user-profile';
import { StyleLensNotice } from './style-lens-notice';

/** The notice as a design form holds it: whether the lens is used is the form's, sent with the design. */
function DesignForm() {
  const [useLens, setUseLens] = useState(true);
  return (
    <form aria-label="Design">
      <StyleLensNotice useLens={useLens} onChange={setUseLens} />
      <output aria-label="useStyleLens">{String(useLens)}</output>
    </form>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StyleLensNotice', () => {
  it('says a saved lens is applied, with its essence and palette, and can leave it out of this design', async () => {
    fakeServer({ userProfile: userProfile({ styleLens: styleLens(), styleSaveStatus: true }) });
    renderWithProviders(<DesignForm />);
    const notice = await screen.findByRole('group', { name: messages.styleLens.applied });
    expect(within(notice).getByText('Calm, warm rooms of pale wood and linen.')).toBeTruthy();
    expect(within(notice).getByRole('list', { name: 'Palette' })).toBeTruthy();
    const use = within(notice).getByRole('checkbox', { name: messages.styleLens.useForDesign });
    expect((use as HTMLInputElement).checked).toBe(true);

    await userEvent.setup().click(use);
    const left = screen.getByRole('group', { name: messages.styleLens.notApplied });
    expect(within(left).queryByRole('list', { name: 'Palette' })).toBeNull();
    expect(screen.getByLabelText('useStyleLens').textContent).toBe('false');
  });

  it('says nothing without a lens, or with one that is not saved', async () => {
    const server = fakeServer({ userProfile: userProfile({ styleLens: styleLens(), styleSaveStatus: false }) });
    renderWithProviders(<DesignForm />);
    await waitFor(() => expect(server.callsTo('userProfile')).toHaveLength(1));
    expect(screen.queryByRole('group')).toBeNull();
    cleanup();
    fakeServer({ userProfile: userProfile() });
    renderWithProviders(<DesignForm />);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
