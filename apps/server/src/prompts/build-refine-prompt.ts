import type { DesignBrief } from '../domain/design-brief';
import {
  QUOTED_TEXT_RULE,
  USER_TEXT_LIMITS,
  architectureSection,
  given,
  labelImages,
  labelOf,
  listLabels,
  photorealismSection,
  styleLensSection,
  userText,
  type PromptImage,
} from './prompt-parts';
import type { RefineScope } from '@rv/contracts/domain';

export interface RefinePromptInput {
  /** The user's request, e.g. "make the sofa green and add a floor lamp". */
  tweakText: string;
  /** tweak: a small targeted change; transform: a major redesign. */
  scope: RefineScope;
  /** The images in request order: the base (the design being refined), the room, and any tweak photos. */
  images: readonly PromptImage[];
  /** The brief of the design being refined, when known: its allowed architectural changes and lens carry over. */
  brief?: Pick<DesignBrief, 'architecturalChanges' | 'architecturalDetails' | 'styleLens'>;
  /** 'Change only here': the user painted the area the change belongs in (ADR 022). */
  masked?: boolean;
}

/** The prompt for a refinement of an existing design (Tweak or Transform). */
export function buildRefinePrompt(input: RefinePromptInput): string {
  const images = input.images.length > 0 ? input.images : [{ role: 'base' as const }, { role: 'room' as const }];
  const labelled = labelImages(images);
  const base = labelOf(labelled, 'base', 'the design image');
  const room = labelOf(labelled, 'room', base);
  const tweakLabels = labelled.filter((image) => image.role === 'tweak').map((image) => image.label);
  const request = given(input.tweakText)
    ? userText(input.tweakText, USER_TEXT_LIMITS.tweak)
    : '"(no words given: improve the design gently)"';
  const brief = input.brief ?? { architecturalChanges: false, architecturalDetails: '' };

  const intro =
    input.scope === 'tweak'
      ? [
          `You are an expert interior designer and an architectural photographer. Refine the design in ${base} with one small, targeted change, and return a photorealistic photograph of the same room from the same camera.`,
          QUOTED_TEXT_RULE,
        ]
      : [
          `You are an expert interior designer and an architectural photographer. Transform the design in ${base} into a new design as asked, and return a photorealistic photograph of the same room from the same camera.`,
          QUOTED_TEXT_RULE,
        ];

  const imageLines = ['IMAGES'];
  for (const image of labelled) {
    if (image.role === 'base')
      imageLines.push(`- ${image.label}: the current design${input.scope === 'tweak' ? '. The result starts from this image' : ''}.`);
    else if (image.role === 'room')
      imageLines.push(`- ${image.label}: the user's original room: the reference for the architecture and the camera.`);
    else if (image.role === 'tweak') imageLines.push(`- ${image.label}: a photo the user added for this change.`);
  }

  const change =
    input.scope === 'tweak'
      ? [
          'THE CHANGE (a tweak: small and targeted)',
          `The user asks: ${request}`,
          `- Make only this change, exactly where it applies.${tweakLabels.length ? ` Use ${listLabels(tweakLabels)} for what ${tweakLabels.length > 1 ? 'they show' : 'it shows'}.` : ''}`,
          `- Keep everything else as it is in ${base}: every other piece of furniture and decor with its position, colour and material, the wall colours, the floor, the lighting and the mood.`,
          '- If the request is unclear, make the smallest change that satisfies it.',
        ]
      : [
          'THE CHANGE (a transformation: a major redesign)',
          `The user asks: ${request}`,
          `- Redesign the room boldly as asked: furniture, decor, colours, materials and mood may all change.${tweakLabels.length ? ` Use ${listLabels(tweakLabels)} for what ${tweakLabels.length > 1 ? 'they show' : 'it shows'}.` : ''}`,
          '- Keep what the user did not ask to change only where it suits the new design.',
        ];

  const carried =
    brief.architecturalChanges && given(brief.architecturalDetails) && room !== base
      ? [`The allowed architectural changes already appear in ${base}; keep them as they are there.`]
      : [];

  const area = input.masked
    ? [
        'THE AREA',
        `- The user painted the part of ${base} this change belongs in. Change only what lies inside the painted area; keep every pixel outside it exactly as it is in ${base}.`,
      ]
    : [];

  return [
    intro,
    imageLines,
    change,
    area,
    styleLensSection(brief.styleLens),
    [...architectureSection(brief, room), ...carried],
    photorealismSection(room),
  ]
    .filter((section) => section.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}
