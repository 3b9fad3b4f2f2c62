import { styleLensSummary } from '@rv/contracts/api/account';
import { z } from 'zod';
import { EngineError } from '../image-engine';
import type { ChangedArea } from '../vision-engine';
import type { DesignBrief } from '../../domain/design-brief';
import type { RefineScope } from '@rv/contracts/domain';

/** What each vision task must answer (checked with zod), its name for the model, and what the user is told when it comes back malformed. */
export interface VisionTask<T> {
  name: string;
  schema: z.ZodType<T>;
  incompleteMessage: string;
}

export const designAnalysisTask: VisionTask<{ html: string }> = {
  name: 'design_analysis',
  schema: z.object({ html: z.string().trim().min(1) }),
  incompleteMessage: 'The design analysis came back incomplete. Please try again.',
};

export const styleAnalysisTask: VisionTask<{ lens: string; summary: z.infer<typeof styleLensSummary> }> = {
  name: 'style_lens',
  schema: z.object({ lens: z.string().trim().min(1), summary: styleLensSummary }),
  incompleteMessage: 'The style analysis came back incomplete. Please try again.',
};

export const tweakInterpretationTask: VisionTask<{ changes: string[]; colours: string[]; materials: string[] }> = {
  name: 'tweak_interpretation',
  schema: z.object({
    changes: z.array(z.string()),
    colours: z.array(z.string().regex(/^#[0-9a-f]{6}$/i)),
    materials: z.array(z.string()),
  }),
  incompleteMessage: 'The tweak could not be understood. Please try again.',
};

const SCHEMA_KEYS = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'description']);

/**
 * The task's schema as plain JSON Schema for the service's structured output: only the keywords both
 * Gemini and OpenAI strict mode accept (patterns and lengths are checked by zod on our side).
 */
export function wireSchema(task: VisionTask<unknown>): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => SCHEMA_KEYS.has(key))
        .map(([key, value]) => [key, key === 'properties' ? mapValues(value, strip) : strip(value)]),
    );
  };
  return strip(z.toJSONSchema(task.schema)) as Record<string, unknown>;
}

function mapValues(record: unknown, fn: (value: unknown) => unknown): unknown {
  return Object.fromEntries(Object.entries(record as Record<string, unknown>).map(([key, value]) => [key, fn(value)]));
}

/** The answer's text parsed and checked, or undefined when it is not JSON or not the task's shape. */
export function parseAnswer<T>(task: VisionTask<T>, text: string | undefined): T | undefined {
  if (!text) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = task.schema.safeParse(json);
  return result.success ? result.data : undefined;
}

/**
 * Asks once, and once more if the answer is malformed; a second malformed answer is an EngineError
 * with the task's message (not retryable: asking a third time rarely helps and each call is paid).
 */
export async function askForJson<T>(task: VisionTask<T>, ask: () => Promise<string | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = parseAnswer(task, await ask());
    if (answer !== undefined) return answer;
  }
  throw new EngineError(task.incompleteMessage, false);
}

/** The labels of the two images of a design analysis, as the request names them before each image. */
export function designAnalysisLabels(changedArea?: ChangedArea): [string, string] {
  return changedArea
    ? ['Image 1: THE PAINTED AREA BEFORE THE CHANGE', 'Image 2: THE PAINTED AREA AFTER THE CHANGE']
    : ['Image 1: ORIGINAL ROOM PHOTO', 'Image 2: REDESIGNED RESULT'];
}

/**
 * The design analysis's request. It carries none of the owner's words (their style, notes, items and
 * placements, architectural details, StyleLens, a refinement's request): what the model writes is shown
 * to anyone the design is shared with, so it must have nothing of them to quote (ADR 057). What was asked
 * for is quoted apart, to the owner alone (owners-words.ts). Only the project's kind, its room type and how many
 * inspiration photos were given.
 */
export function designAnalysisPrompt(brief: DesignBrief, changedArea?: ChangedArea): string {
  const project = `${brief.tool === 'furnishing' ? 'furnishing and decorating' : 'kitchen or bathroom'} project${brief.roomType ? `, ${brief.roomType}` : ''}`;
  const task = changedArea
    ? [
        `The homeowner painted one area of their design (about ${Math.max(1, Math.round(changedArea.share * 100))}% of the picture) and asked to change only that area. Everything outside it was kept exactly as it was.`,
        'Image 1 is that painted area before the change; Image 2 is the same area after it.',
        `Write a short analysis for the homeowner (${project}) of what changed in the painted area only.`,
        'Cover: what is different now, its colours, furniture, finishes and materials, and one or two practical tips to recreate it. Do not describe the rest of the room.',
      ]
    : [
        'Image 1 is the original room photo; Image 2 is the redesigned result.',
        `Write a short design analysis of the result for the homeowner (${project}).`,
        "Cover: the style achieved, the colour palette, the key furniture, finishes and materials, how the room's architecture was kept, and two or three practical tips to recreate the look.",
      ];
  return [
    ...task,
    'Describe only what the images show.',
    'Answer as JSON {"html": "..."}. The HTML may use only these tags: <p>, <h3>, <ul>, <li>, <strong>, <em>, and <span style="color:#rrggbb"> to show a colour in its own colour. No other tags, attributes, links, images or scripts. At most about 350 words.',
    brief.inspirationCount ? `${brief.inspirationCount} inspiration photo(s) were given.` : '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

export function styleAnalysisPrompt(photoCount: number): string {
  return [
    `These ${photoCount} photos are interiors a person loves. Work out their personal interior style.`,
    'Answer as JSON with:',
    '- "lens": a compact style directive of 2 to 4 sentences, written to steer an image model that redesigns a room in this person\'s taste (palette, materials, forms, mood).',
    '- "summary": {',
    '  "essence": one or two sentences naming the style,',
    '  "palette": 4 to 8 strings, each a lowercase hex colour then a colour name of one or two lowercase words, e.g. "#d9cbb5 warm sand" (never three words),',
    '  "materials": 3 to 8 strings, each a word or two with an optional qualifier in parentheses, e.g. "oak (light)", letters, digits, spaces and dashes only,',
    '  "forms": 3 to 6 short phrases about shapes and silhouettes,',
    '  "note": one practical sentence for using the style }',
  ].join('\n');
}

export function tweakPrompt(text: string, scope: RefineScope): string {
  return [
    `A homeowner asked for this ${scope === 'tweak' ? 'small change to' : 'transformation of'} a room design: """${text}"""`,
    'Answer as JSON with "changes" (each change understood, in plain language, e.g. "change the sofa colour to green"),',
    '"colours" (each colour named, as a hex value like "#2e7d32"), and "materials" (each material named, e.g. "oak"). Use empty lists when there are none.',
  ].join('\n');
}
