import { describe, expect, it } from 'vitest';
import { draftKey, draftsOf, memoryDraftStore } from './draft-store';

const file = (name: string) => new File([name], name, { type: 'image/jpeg' });

// The IndexedDB store is the same contract on the browser's database; the browser journey (e2e/work-survives-navigation.spec.ts)
// keeps a draft's photos across a reload through it.
describe('the draft store (in memory)', () => {
  it('keeps a record and its files under a key, replaces them on a write, and removes one key', async () => {
    const store = memoryDraftStore();
    const key = draftKey('u1', 'furnishing');
    await store.write(key, { texts: { a: 'sage' } }, new Map([['p1', file('room.jpg')]]));
    const kept = await store.read(key);
    expect(kept?.record).toEqual({ texts: { a: 'sage' } });
    expect([...kept!.files.keys()]).toEqual(['p1']);
    expect(kept!.files.get('p1')!.name).toBe('room.jpg');

    await store.write(key, { texts: {} }, new Map([['p2', file('chair.jpg')]]));
    expect([...(await store.read(key))!.files.keys()]).toEqual(['p2']);
    await store.remove(key);
    expect(await store.read(key)).toBeUndefined();
  });

  it('gives a copy of the record: a change to what was read is not kept', async () => {
    const store = memoryDraftStore();
    await store.write('u1/x', { texts: { a: 'one' } }, new Map());
    const read = (await store.read('u1/x'))!.record as { texts: Record<string, string> };
    read.texts.a = 'two';
    expect((await store.read('u1/x'))!.record).toEqual({ texts: { a: 'one' } });
  });

  it("removes every draft of one account and leaves another account's", async () => {
    const store = memoryDraftStore();
    await store.write(draftKey('u1', 'furnishing'), 1, new Map());
    await store.write(draftKey('u1', 'kitchen-bathroom'), 2, new Map());
    await store.write(draftKey('u10', 'furnishing'), 3, new Map());
    await store.removeUnder(draftsOf('u1'));
    expect(await store.read(draftKey('u1', 'furnishing'))).toBeUndefined();
    expect(await store.read(draftKey('u1', 'kitchen-bathroom'))).toBeUndefined();
    // 'u10/' does not start with 'u1/'.
    expect((await store.read(draftKey('u10', 'furnishing')))?.record).toBe(3);
  });
});
