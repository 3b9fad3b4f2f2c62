import { messages } from '@rv/contracts/messages';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { currentAddress, renderWithProviders } from '@test/render';
import { SubscribeDialog } from './subscribe-dialog';

async function openSubscribe() {
  renderWithProviders(<SubscribeDialog />, { at: paths.home, path: paths.home });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
  const dialog = await screen.findByRole('dialog', { name: 'Start your subscription' });
  return { user, dialog: within(dialog), element: dialog as HTMLDialogElement };
}

afterEach(cleanup);

describe('Subscribe Now', () => {
  it('works from the HTML alone: a native dialog its button opens, with a form the browser sends to the checkout', () => {
    renderWithProviders(<SubscribeDialog />);
    const button = screen.getByRole('button', { name: 'Subscribe Now' });
    expect([button.getAttribute('commandfor'), button.getAttribute('command')]).toEqual(['subscribe-dialog', 'show-modal']);
    const dialog = document.getElementById('subscribe-dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    const form = dialog.querySelector('form')!;
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual([paths.checkout, 'get']);
    expect([...form.querySelectorAll('input')].map((input) => input.name)).toEqual(['name', 'email']);
    // The spec's message, hidden until a press with a field left empty (the press rules show it before React).
    const message = within(dialog).getByRole('alert', { hidden: true });
    expect(message.hidden).toBe(true);
    expect(message.getAttribute('data-required-for')).toBe('subscribe-name subscribe-email');
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
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(element.open).toBe(true);
  });
});
