import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { designTaskInput } from '@rv/contracts/design-task-input';
import * as schema from './schema';

/**
 * The migration that gives every stored task input its kind (ADR 044), run on a database holding the
 * inputs the old code wrote: a bag of optional fields beside the row's kind column.
 */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journalOf = z.object({ entries: z.array(z.looseObject({ tag: z.string() })) });

/** A copy of the migrations folder whose journal stops before the task inputs' migration. */
function migrationsBeforeTaskInputKinds(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'rv-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = journalOf.parse(JSON.parse(readFileSync(journalFile, 'utf8')));
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_task_input_kinds'));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** Inputs as the old code wrote them (the row's kind, the input's JSON). */
const OLD_TASKS: [string, 'refine' | 'fix', unknown][] = [
  [
    't1',
    'refine',
    {
      tweakText: 'a green sofa',
      scope: 'transform',
      baseKey: 'designs/d/generated-1.webp',
      tweakKeys: ['designs/d/tweak-1.webp'],
      maskKey: 'designs/d/mask.png',
    },
  ],
  ['t2', 'refine', { tweakText: 'warmer', scope: 'tweak', tweakKeys: [] }],
  ['t3', 'refine', { tweakKeys: ['designs/d/tweak-2.webp'] }],
  ['t4', 'fix', { baseKey: 'designs/d/generated-2.webp' }],
];

describe('migration: task inputs carry their kind', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle<typeof schema>>;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
    db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsBeforeTaskInputKinds() });
    await client.query(`insert into users (id, email) values ('u', 'u@example.com')`);
    const picture = JSON.stringify({ key: 'designs/d/original.webp', thumbKey: 'designs/d/original-thumb.webp', width: 8, height: 6 });
    await client.query(
      `insert into room_designs (id, user_id, tool, brief, original, status) values ('d', 'u', 'furnishing', '{}', $1, 'done')`,
      [picture],
    );
    for (const [id, kind, input] of OLD_TASKS)
      await client.query(`insert into design_tasks (id, design_id, user_id, kind, input) values ($1, 'd', 'u', $2, $3)`, [
        id,
        kind,
        JSON.stringify(input),
      ]);
    await migrate(db, { migrationsFolder });
  }, 120_000);
  afterAll(() => client.close());

  it('each old input reads through its schema, with the values the job used in place of a missing field', async () => {
    const rows = await db
      .select({ id: schema.designTasks.id, input: schema.designTasks.input })
      .from(schema.designTasks)
      .orderBy(asc(schema.designTasks.id));
    expect(rows.map((row) => designTaskInput.parse(row.input))).toEqual([
      {
        kind: 'refine',
        tweakText: 'a green sofa',
        scope: 'transform',
        baseKey: 'designs/d/generated-1.webp',
        tweakKeys: ['designs/d/tweak-1.webp'],
        maskKey: 'designs/d/mask.png',
      },
      { kind: 'refine', tweakText: 'warmer', scope: 'tweak', tweakKeys: [] },
      { kind: 'refine', tweakText: '', scope: 'tweak', tweakKeys: ['designs/d/tweak-2.webp'] },
      { kind: 'fix', baseKey: 'designs/d/generated-2.webp' },
    ]);
  });

  it("then refuses an input whose kind is not the row's", async () => {
    await expect(
      client.query(`insert into design_tasks (id, design_id, user_id, kind, input) values ('t5', 'd', 'u', 'fix', $1)`, [
        JSON.stringify({ kind: 'refine', tweakText: '', scope: 'tweak', tweakKeys: [] }),
      ]),
    ).rejects.toThrow(/design_tasks_input_kind/);
  });
});
