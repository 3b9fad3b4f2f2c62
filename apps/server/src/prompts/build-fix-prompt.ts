import type { DesignBrief } from '../domain/design-brief';
import {
  FIXED_ARCHITECTURE,
  FIXED_CAMERA,
  QUOTED_TEXT_RULE,
  USER_TEXT_LIMITS,
  given,
  labelImages,
  labelOf,
  photorealismSection,
  userText,
  type PromptImage,
} from './prompt-parts';

export interface FixPromptInput {
  /** The images in request order: the original room and the drifted design (role 'base'). */
  images: readonly PromptImage[];
  /** The brief of the design, when known: architectural changes the user allowed are not undone. */
  brief?: Pick<DesignBrief, 'architecturalChanges' | 'architecturalDetails'>;
}

/** The prompt for Fix Room: put the original's architecture back into a design that drifted, keep the design. */
export function buildFixPrompt(input: FixPromptInput): string {
  const images = input.images.length > 0 ? input.images : [{ role: 'room' as const }, { role: 'base' as const }];
  const labelled = labelImages(images);
  const room = labelOf(labelled, 'room', 'the room photo');
  const design = labelOf(labelled, 'base', 'the design image');
  const allowed =
    input.brief?.architecturalChanges && given(input.brief.architecturalDetails) ? input.brief.architecturalDetails : undefined;

  const intro = [
    `You are an expert interior designer, architectural photographer and retoucher. The design in ${design} drifted from the real room: its walls, windows, doors, ceiling or camera no longer match ${room}. Put the architecture of ${room} back into the design and keep the design.`,
    ...(allowed ? [QUOTED_TEXT_RULE] : []),
  ];

  const imageLines = [
    'IMAGES',
    `- ${room}: the user's original room: the truth for the architecture and the camera.`,
    `- ${design}: the design whose architecture drifted: the truth for the furnishing and decor.`,
  ];

  const restore = [
    `RESTORE EXACTLY AS IN ${room}`,
    ...FIXED_ARCHITECTURE.map((part) => `- ${part}`),
    ...FIXED_CAMERA.map((part) => `- ${part}`),
    ...(allowed
      ? [
          `Except the architectural changes the user allowed, which stay as they are in ${design}: ${userText(allowed, USER_TEXT_LIMITS.architecturalDetails)}.`,
        ]
      : []),
  ];

  const keep = [
    `KEEP FROM ${design}`,
    '- The furniture and decor: the same pieces with the same colours, materials and styling, in the same places in the room (moved only as far as the restored walls, windows and doors require).',
    '- The wall colours and finishes, the floor finish, textiles, plants and art.',
    '- The lighting mood and colour grading.',
  ];

  return [intro, imageLines, restore, keep, photorealismSection(room)].map((lines) => lines.join('\n')).join('\n\n');
}
