import { messages } from '@rv/contracts/messages';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { currentAddress, renderWithProviders } from '@test/render';
import { SubscribeDialog } from './subscribe-dialog';

async function openSubscribe() {
  renderWithProviders(<SubscribeDialog />, { at: paths.home, path: paths.home });
  const user = userEvent.setup();
  await user.click(screen.getByRole('link', { name: 'Subscribe Now' }));
  const dialog = await screen.findByRole('dialog', { name: 'Start your subscription' });
  return { user, dialog: within(dialog), element: dialog as HTMLDialogElement };
}

afterEach(cleanup);

describe('Subscribe Now', () => {
  it('is a real link to the checkout before any script runs', () => {
    renderWithProviders(<SubscribeDialog />);
    expect(screen.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe(paths.checkout);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a press with a modifier key (a new tab) stays a link and opens no dialog', () => {
    renderWithProviders(<SubscribeDialog />);
    const link = screen.getByRole('link', { name: 'Subscribe Now' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('opens the dialog, which asks for both the name and the e-mail', async () => {
    const { user, dialog, element } = await openSubscribe();
    expect(element.open).toBe(true);
    expect(currentAddress()).toBe(paths.home);
    await user.type(dialog.getByLabelText('Full name *'), 'Robin');
    await user.click(dialog.getByRole('button', { name: 'Continue to payment' }));
    expect(dialog.getByRole('alert').textContent).toBe(
      `${messages.validation.missingInformationTitle}: ${messages.validation.missingInformation}`,
    );
    expect(currentAddress()).toBe(paths.home);
  });

  it('goes on to the checkout with the name and e-mail, trimmed', async () => {
    const { user, dialog, element } = await openSubscribe();
    await user.type(dialog.getByLabelText('Full name *'), ' Robin Hood ');
    await user.type(dialog.getByLabelText('Email *'), ' robin@example.com ');
    await user.click(dialog.getByRole('button', { name: 'Continue to payment' }));
    expect(currentAddress()).toBe(paths.checkoutFor('robin@example.com', 'Robin Hood'));
    expect(element.open).toBe(false);
  });

  it('Cancel closes it, and Subscribe Now opens it again', async () => {
    const { user, dialog, element } = await openSubscribe();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(element.open).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Subscribe Now' }));
    expect(element.open).toBe(true);
  });
});
