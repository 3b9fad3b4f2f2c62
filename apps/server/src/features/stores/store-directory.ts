import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FURNITURE_TYPES, PRICE_RANGES, STORE_CATEGORIES, STORE_COUNTRIES } from '@rv/contracts/constants';

/** The kinds of retailer in the directory. */
export const STORE_TYPES = [
  'Department store',
  'Specialist',
  'Mass merchant',
  'Home improvement',
  'Online retailer',
  'Marketplace',
  'Independent',
] as const;

const hasDuplicates = (values: readonly string[]) => new Set(values).size !== values.length;

/**
 * One retailer in one country (a retailer present in several countries has one entry per country).
 * Its price tiers are a contiguous run of PRICE_RANGES, listed cheapest first.
 */
export const storeEntry = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id must be kebab-case'),
    name: z.string().trim().min(1).max(80),
    country: z.enum(STORE_COUNTRIES),
    type: z.enum(STORE_TYPES),
    priceTiers: z.array(z.enum(PRICE_RANGES)).min(1),
    categories: z.array(z.enum(STORE_CATEGORIES)).min(1),
    furnitureTypes: z.array(z.enum(FURNITURE_TYPES)),
    ourPickFor: z.array(z.enum(STORE_CATEGORIES)),
    comment: z.string().trim().min(20).max(200),
    link: z.url({ protocol: /^https$/, error: 'link must be an https URL' }),
    /** The retailer's public search page with {query} where the encoded item name goes (https, on the store's own host). */
    searchUrl: z
      .string()
      .refine((template) => template.split('{query}').length === 2, 'searchUrl must hold {query} exactly once')
      .optional(),
  })
  .superRefine((entry, ctx) => {
    const tierIndexes = entry.priceTiers.map((tier) => PRICE_RANGES.indexOf(tier));
    if (tierIndexes.some((index, i) => i > 0 && index !== tierIndexes[i - 1]! + 1)) {
      ctx.addIssue({ code: 'custom', path: ['priceTiers'], message: 'price tiers must be contiguous, cheapest first' });
    }
    for (const key of ['categories', 'furnitureTypes', 'ourPickFor'] as const) {
      if (hasDuplicates(entry[key])) ctx.addIssue({ code: 'custom', path: [key], message: `${key} has duplicates` });
    }
    const sellsFurniture = entry.categories.includes('Furniture');
    if (sellsFurniture !== entry.furnitureTypes.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['furnitureTypes'],
        message: 'furniture types are listed exactly when the store sells Furniture',
      });
    }
    if (entry.ourPickFor.some((category) => !entry.categories.includes(category))) {
      ctx.addIssue({ code: 'custom', path: ['ourPickFor'], message: 'a store can only be Our Pick for a category it sells' });
    }
  });
export type StoreEntry = z.infer<typeof storeEntry>;

export const storeDirectorySchema = z.array(storeEntry).superRefine((entries, ctx) => {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (seen.has(entry.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate id ${entry.id}` });
    seen.add(entry.id);
  });
});

export const STORE_DIRECTORY_FILE = new URL('./store-directory.json', import.meta.url);

/** Reads and validates a directory file; a bad file stops the server at boot with the zod issues. */
export function loadStoreDirectory(file: URL = STORE_DIRECTORY_FILE): readonly StoreEntry[] {
  return Object.freeze(storeDirectorySchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
}

/** The reviewed store directory, loaded once. */
export const storeDirectory = loadStoreDirectory();
