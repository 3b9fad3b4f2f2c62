import type { Consistency, Look } from '@rv/contracts/api/look';
import type { FURNITURE_TYPES, STORE_CATEGORIES } from '@rv/contracts/constants';
import type { DesignTaskInput } from '@rv/contracts/design-task-input';

/**
 * The shapes of the database's JSON columns, written for the database: they change with a migration,
 * not with an API answer. The API's wire types (@rv/contracts/api/*) are built from them at the edge
 * (features/account/user-profile.ts, features/designs/view/design-record.ts), so a change to either
 * side is a compile error in the one function that maps it. The product's vocabularies (tools,
 * statuses, kinds: @rv/contracts/domain) are shared by every layer and name the text columns.
 */

/** users.location: where the user is, as the packaged address database or their browser said. */
export interface StoredLocation {
  country?: string;
  city?: string;
  region?: string;
  countryCode?: string;
  latitude?: number;
  longitude?: number;
}

/** users.style_lens: the active StyleLens (its JSON keys are the stored ones, spec-named). */
export interface StoredStyleLens {
  /** The lens text a design prompt carries. */
  stylelens: string;
  human_summary: StoredStyleSummary;
  /** The storage keys of its photos, in the order the person arranged them. */
  photoKeys: string[];
}

/** The human summary of a StyleLens. */
export interface StoredStyleSummary {
  essence: string;
  palette: string[];
  materials: string[];
  forms: string[];
  note: string;
}

/** design_images.items: one thing in an image a person could buy. */
export interface StoredShoppableItem {
  name: string;
  category: (typeof STORE_CATEGORIES)[number];
  furnitureType: (typeof FURNITURE_TYPES)[number] | null;
  colour: string | null;
  material: string | null;
}

/**
 * design_tasks.input: what a refinement or a Fix Room run works from, one shape per kind. Not an API
 * answer: the contracts hold it as a zod discriminated union (`@rv/contracts/design-task-input`) so that
 * the job reads a row back through the same schema the operations write it by.
 */
export type StoredTaskInput = DesignTaskInput;

/** looks.look: a look as taken from a result (issue 49; the schema is the contracts' `look`). */
export type StoredLook = Look;

/** room_designs.consistency: how close a design made with a look came to it (the contracts' `consistency`). */
export type StoredConsistency = Consistency;
