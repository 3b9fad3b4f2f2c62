import { itemIndexOf, type DesignBrief } from '../domain/design-brief';
import {
  QUOTED_TEXT_RULE,
  USER_TEXT_LIMITS,
  architectureSection,
  given,
  labelImages,
  labelOf,
  listLabels,
  lookSection,
  photorealismSection,
  roomTypeWords,
  styleLensSection,
  userText,
  type LabelledPromptImage,
  type PromptImage,
} from './prompt-parts';

/**
 * Where each kitchen and bathroom finish category goes in the space (the form's "Where it goes").
 * Keys are the contracts' KITCHEN_CATEGORIES.
 */
export const FINISH_DESTINATIONS: Readonly<Record<string, string>> = {
  Cabinetry: 'the cabinet doors, drawer fronts, cabinet sides and open shelving, on the existing cabinet boxes',
  Countertops: 'the worktops, island top and vanity top, with a realistic edge thickness',
  Backsplash: 'the wall between the worktop and the wall cabinets, and behind the sink, hob or basin',
  Flooring: 'the whole floor surface, laid in the perspective of the room',
  'Handles/Knobs': 'the handles and knobs of every cabinet door and drawer',
  Walls: 'the wall surfaces (paint, tile or panelling), not the positions of the walls',
  Fixtures: 'the taps, sinks, basins, toilets, showers and baths, each in its existing position',
  Lighting: 'the light fittings, at the existing ceiling and wall points',
  Other: 'where its description says',
};

/** The prompt for a first design: what to make, from which labelled image, and what must not change. */
export function buildDesignPrompt(brief: DesignBrief, images: readonly PromptImage[]): string {
  const labelled = labelImages(images);
  const room = labelOf(labelled, 'room', 'the room photo');
  const sections = brief.tool === 'kitchen-bathroom' ? kitchenBathroom(brief, labelled, room) : furnishing(brief, labelled, room);
  return sections.map((lines) => lines.join('\n')).join('\n\n');
}

function imagesSection(labelled: readonly LabelledPromptImage[], brief: DesignBrief): string[] {
  const lines = ['IMAGES'];
  for (const image of labelled) {
    if (image.role === 'room') {
      const space = brief.tool === 'kitchen-bathroom' ? 'space' : 'room';
      lines.push(`- ${image.label}: the user's ${space}. The result is this ${space}, seen from this camera.`);
    } else if (image.role === 'item') lines.push(`- ${image.label}: the user's item ${image.itemIndex + 1}, described below.`);
    else if (image.role === 'finish') lines.push(`- ${image.label}: the user's finish ${image.itemIndex + 1}, described below.`);
    else if (image.role === 'inspiration') lines.push(`- ${image.label}: inspiration for mood, palette and materials.`);
    else if (image.role === 'look')
      lines.push(`- ${image.label}: another room of the same home, already designed: its look is described under THE LOOK.`);
  }
  return lines;
}

function inspirationLine(labelled: readonly LabelledPromptImage[]): string[] {
  const labels = labelled.filter((image) => image.role === 'inspiration').map((image) => image.label);
  if (labels.length === 0) return [];
  return [
    `- Inspiration: ${listLabels(labels)}. Take their mood, colour palette, materials and styling; do not copy their architecture, layout or camera angle.`,
  ];
}

function notesLine(text: string): string[] {
  if (!given(text)) return [];
  return [`- The user's notes (follow them unless they conflict with what must not change): ${userText(text, USER_TEXT_LIMITS.freeText)}`];
}

function imageFor(labelled: readonly LabelledPromptImage[], index: number, roles: readonly string[]): LabelledPromptImage | undefined {
  return labelled.find((image) => roles.includes(image.role) && itemIndexOf(image) === index);
}

function furnishing(brief: DesignBrief, labelled: readonly LabelledPromptImage[], room: string): string[][] {
  const intro = [
    `You are an expert interior designer and an architectural photographer. Redesign the room in ${room}: furnish and decorate it as asked below, and return a photorealistic photograph of the same room from the same camera.`,
    QUOTED_TEXT_RULE,
  ];

  const design = ['THE DESIGN'];
  const roomType = roomTypeWords(brief.roomType);
  if (roomType) design.push(`- Room type: ${roomType}.`);
  design.push(
    given(brief.styleDescription)
      ? `- Style: ${userText(brief.styleDescription, USER_TEXT_LIMITS.style)}.`
      : '- Style: not given; choose one cohesive style that suits the room, its light and its architecture.',
  );
  if (brief.items.length === 0) {
    design.push("- Items: none uploaded; choose furniture and decor that suit the style, the room type and the room's size.");
  } else {
    design.push(
      "- The user's items. Use the exact piece shown in each photo: the same shape, colour, material and proportions. Take it out of its photo's background and place it in the room at a realistic scale:",
    );
    brief.items.forEach((item, index) => {
      const image = imageFor(labelled, index, ['item']);
      const what = `${image ? `${image.label}, ` : ''}${userText(item.description, USER_TEXT_LIMITS.itemDescription)}${image ? '' : ' (no photo: design it from the description)'}`;
      const where = given(item.placement)
        ? `Placement: ${userText(item.placement, USER_TEXT_LIMITS.placement)}.`
        : 'Placement: not given; put it where it suits the layout and the style.';
      design.push(`  ${index + 1}. ${what}. ${where}`);
    });
    design.push('- Complete the room around these items with furniture and decor in the same style.');
  }
  design.push(...inspirationLine(labelled), ...notesLine(brief.additionalText));

  const mayChange = [
    'You may change: furniture, decor, rugs, textiles, curtains, art, plants, lamps and light fittings, wall colour and wall finish. Change the floor finish only if the user asks for it.',
  ];

  return [
    intro,
    imagesSection(labelled, brief),
    design,
    lookSection(brief.look, labelled.find((image) => image.role === 'look')?.label),
    styleLensSection(brief.styleLens),
    [...architectureSection(brief, room), ...mayChange],
    photorealismSection(room),
  ].filter((section) => section.length > 0);
}

function kitchenBathroom(brief: DesignBrief, labelled: readonly LabelledPromptImage[], room: string): string[][] {
  const intro = [
    `You are an expert kitchen and bathroom designer and an architectural photographer. Redesign the finishes and fixtures of the space in ${room} as asked below, and return a photorealistic photograph of the same space from the same camera.`,
    QUOTED_TEXT_RULE,
  ];

  const design = ['THE DESIGN'];
  design.push(`- Space: ${roomTypeWords(brief.roomType) ?? 'kitchen or bathroom'}.`);
  if (given(brief.styleDescription)) design.push(`- Style: ${userText(brief.styleDescription, USER_TEXT_LIMITS.style)}.`);
  if (brief.items.length === 0) {
    design.push("- Finishes: none uploaded; choose finishes and fixtures that suit the space and the user's notes.");
  } else {
    design.push(
      "- The user's finishes and fixtures. Match each photo's material, colour, pattern and sheen, and apply it where it goes at a realistic scale:",
    );
    brief.items.forEach((item, index) => {
      const image = imageFor(labelled, index, ['finish', 'item']);
      const category = item.category && FINISH_DESTINATIONS[item.category] ? item.category : undefined;
      const destination = category && category !== 'Other' ? FINISH_DESTINATIONS[category] : undefined;
      const what = `${image ? `${image.label}, ` : ''}${category ? `${category}: ` : ''}${userText(item.description, USER_TEXT_LIMITS.itemDescription)}`;
      const placement = given(item.placement) ? userText(item.placement, USER_TEXT_LIMITS.placement) : undefined;
      const where = destination
        ? `Where it goes: ${destination}.${placement ? ` Placement: ${placement}.` : ''}`
        : `Where it goes: ${placement ?? 'where its description says'}.`;
      design.push(`  ${index + 1}. ${what}. ${where}`);
    });
  }
  design.push(...inspirationLine(labelled), ...notesLine(brief.additionalText));

  const layout = [
    'Keep the layout: cabinet runs, appliances, sinks, toilets, baths, showers and other plumbing stay where they are; change their finishes and style in place.',
    'You may change: cabinet fronts, countertops, backsplash, wall and floor finishes, hardware, taps and fixtures, light fittings and styling.',
  ];

  return [
    intro,
    imagesSection(labelled, brief),
    design,
    lookSection(brief.look, labelled.find((image) => image.role === 'look')?.label),
    styleLensSection(brief.styleLens),
    [...architectureSection(brief, room), ...layout],
    photorealismSection(room),
  ].filter((section) => section.length > 0);
}
