import { afterEach, describe, expect, it, vi } from 'vitest';
import { teardown } from './teardown';

afterEach(() => vi.restoreAllMocks());

describe('teardown', () => {
  it('undoes the last step first, once however often it is asked, and runs every step when one fails', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const done: string[] = [];
    const steps = teardown();
    steps.add(() => done.push('folder'));
    steps.add(async () => {
      await Promise.resolve();
      done.push('database');
    });
    steps.add(() => {
      throw new Error('the store would not close');
    });
    steps.add(() => done.push('processes'));
    await Promise.all([steps.undo(), steps.undo()]);
    await steps.undo();
    expect(done).toEqual(['processes', 'database', 'folder']);
    expect(said).toHaveBeenCalledTimes(1);
    expect(said.mock.calls[0]).toEqual(['cleanup:', new Error('the store would not close')]);
  });
});
