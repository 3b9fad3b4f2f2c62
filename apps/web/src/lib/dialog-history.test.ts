import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backClosesDialogs } from './dialog-history';

/** Whether the current history entry is one this module pushed for a dialog. */
const dialogEntry = () => Boolean(history.state && typeof history.state === 'object' && 'rvDialog' in history.state);
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: () => void;
/** What the router hears: every popstate that reaches a listener of the window's own. */
let routerHeard: number;
const router = () => (routerHeard += 1);

beforeEach(() => {
  document.body.innerHTML = '<dialog id="first"><button>Close</button></dialog><dialog id="second"></dialog>';
  routerHeard = 0;
  window.addEventListener('popstate', router);
  stop = backClosesDialogs();
});
afterEach(async () => {
  stop();
  window.removeEventListener('popstate', router);
  // Whatever the test left on top of the history (its own entries only).
  if (dialogEntry()) {
    history.back();
    await nextTask();
  }
});

const dialog = (id: string) => document.getElementById(id) as HTMLDialogElement;

describe('Back closes an open dialog first (ADR 054)', () => {
  it('an opened dialog has an entry of its own; Back closes it, the page stays and the router hears nothing', async () => {
    const href = location.href;
    dialog('first').showModal();
    await waitFor(() => expect(dialogEntry()).toBe(true));
    history.back();
    await waitFor(() => expect(dialog('first').open).toBe(false));
    expect(dialogEntry()).toBe(false);
    expect(location.href).toBe(href);
    expect(routerHeard).toBe(0);
  });

  it('a dialog closed by its button takes its entry back off: no stray entry is left for Back, and the router hears nothing', async () => {
    dialog('first').showModal();
    await waitFor(() => expect(dialogEntry()).toBe(true));
    dialog('first').close();
    await waitFor(() => expect(dialogEntry()).toBe(false));
    await nextTask();
    expect(routerHeard).toBe(0);
    // The page's own Back is heard by the router again.
    history.pushState({ page: 2 }, '');
    history.back();
    await waitFor(() => expect(routerHeard).toBe(1));
  });

  it('its owner may keep it open (a delete in flight): it stays, and Back still has it to close afterwards', async () => {
    let refuse = true;
    dialog('first').addEventListener('cancel', (event) => {
      if (refuse) event.preventDefault();
    });
    dialog('first').showModal();
    await waitFor(() => expect(dialogEntry()).toBe(true));
    const first = (history.state as { rvDialog: string }).rvDialog;
    history.back();
    // Kept open: an entry of its own again.
    await waitFor(() => expect(dialogEntry() && (history.state as { rvDialog: string }).rvDialog !== first).toBe(true));
    expect(dialog('first').open).toBe(true);
    refuse = false;
    history.back();
    await waitFor(() => expect(dialog('first').open).toBe(false));
    expect(dialogEntry()).toBe(false);
    expect(routerHeard).toBe(0);
  });

  it('a dialog that gives way to another hands it its entry: one Back closes the second, and nothing is left', async () => {
    dialog('first').showModal();
    await waitFor(() => expect(dialogEntry()).toBe(true));
    dialog('first').close();
    dialog('second').showModal();
    await nextTask();
    await nextTask();
    expect(dialogEntry()).toBe(true);
    history.back();
    await waitFor(() => expect(dialog('second').open).toBe(false));
    // Below it is the page's own entry, not one left by the first dialog.
    expect(dialogEntry()).toBe(false);
    expect(dialog('first').open).toBe(false);
    expect(routerHeard).toBe(0);
  });
});
