import { expect } from 'vitest';
import type { App } from '../src/app';
import { auditStorage } from '../src/features/storage-audit/audit-storage';
import { pendingObjectDeletions } from '../src/storage/object-deletions';
import { eventually } from './test-app';

/** Waits until the deletion job has deleted every recorded key (ADR 033): the store holds none of them. */
export async function deletionsSettled(app: App, timeoutMs = 20_000): Promise<void> {
  await eventually(async () => (await pendingObjectDeletions(app.services.database.db)).length === 0, timeoutMs);
}

/** The audit of `npm run storage -- audit` on this app, once the recorded deletions are done: no orphan. */
export async function expectAuditClean(app: App): Promise<void> {
  await deletionsSettled(app);
  const audit = await auditStorage(app.services);
  expect(audit.orphans).toEqual([]);
  expect(audit.pendingDeletion).toEqual([]);
}
