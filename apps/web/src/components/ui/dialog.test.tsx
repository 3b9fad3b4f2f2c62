import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { backClosesDialogs } from '@/lib/dialog-history';
import { Dialog, DialogContent, DialogTrigger } from './dialog';

afterEach(cleanup);

/** A dialog whose owner refuses to close it while `busy`. */
function Owned({ busy }: { busy: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogContent title="Delete design?" description="This cannot be undone.">
          <button type="button">Delete</button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog (the platform modal <dialog>, ADR 048)', () => {
  it('opens from its trigger as a modal dialog named by its title and description, and its close button closes it', async () => {
    render(
      <Dialog>
        <DialogTrigger>Preview</DialogTrigger>
        <DialogContent title="Sunny Lounge">
          <p>The full image</p>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Preview' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Sunny Lounge' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.parentElement).toBe(document.body);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks its owner on Escape and on the backdrop: a refusal keeps it open, a press inside does not close it', () => {
    const { rerender } = render(<Owned busy />);
    const dialog = () => screen.queryByRole('dialog', { name: 'Delete design?' });
    expect(document.getElementById(dialog()!.getAttribute('aria-describedby')!)?.textContent).toBe('This cannot be undone.');
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    fireEvent.click(dialog()!, { clientX: 5000, clientY: 5000 });
    expect(dialog()).not.toBeNull();
    expect(screen.getByText('open')).toBeTruthy();

    rerender(<Owned busy={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }), { clientX: 5000, clientY: 5000 });
    expect(dialog()).not.toBeNull();
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('closes on a press on its backdrop when its owner agrees', () => {
    render(<Owned busy={false} />);
    fireEvent.click(screen.getByRole('dialog'), { clientX: 5000, clientY: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Back with a dialog open (ADR 054)', () => {
  it('asks its owner, as Escape does: it closes, the page stays; refused while busy, it stays', async () => {
    const stop = backClosesDialogs();
    const href = location.href;
    try {
      const { rerender } = render(<Owned busy />);
      await waitFor(() => expect(history.state).toMatchObject({ rvDialog: expect.any(String) }));
      const first = (history.state as { rvDialog: string }).rvDialog;
      history.back();
      // Its owner is busy: it stays, and Back still has it to close (an entry pushed again).
      await waitFor(() => expect(history.state).toMatchObject({ rvDialog: expect.not.stringMatching(`^${first}$`) }));
      expect(screen.getByText('open')).toBeTruthy();
      rerender(<Owned busy={false} />);
      history.back();
      await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(location.href).toBe(href);
    } finally {
      stop();
    }
  });
});
