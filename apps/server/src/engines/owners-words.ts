import type { DesignBrief } from '../domain/design-brief';

/**
 * What a design's analysis quotes of the owner's own words (ADR 057): their brief (style, notes, items and
 * placements, architectural details, the StyleLens applied) and a refinement's request. It is stored
 * apart from what the engine says about the images (`room_designs.analysis_owner_html`) and shown to the
 * owner alone: a visitor of a shared design gets the engine's words only.
 */

/** User text quoted in an analysis is cut to this many characters. */
const QUOTED_TEXT_MAX = 300;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The user's text as an analysis quotes it: trimmed, cut, escaped. */
export function said(text: string): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  return escapeHtml(clean.length > QUOTED_TEXT_MAX ? `${clean.slice(0, QUOTED_TEXT_MAX - 1)}…` : clean);
}

/** The brief as a list: what was asked for, in the owner's words. */
function askedList(brief: DesignBrief): string {
  const items: string[] = [];
  if (brief.tool === 'kitchen-bathroom') {
    if (brief.roomType?.trim()) items.push(`<li><strong>Space:</strong> ${said(brief.roomType.replace(/-/g, ' '))}</li>`);
    if (brief.styleDescription.trim()) items.push(`<li><strong>Style:</strong> <em>${said(brief.styleDescription)}</em></li>`);
    if (brief.items.length === 0) items.push('<li><strong>Finishes:</strong> none uploaded, chosen to suit the space</li>');
    brief.items.forEach((item, i) => {
      const where = item.placement.trim() ? `, <em>${said(item.placement)}</em>` : '';
      items.push(`<li><strong>${said(item.category ?? `Finish ${i + 1}`)}:</strong> ${said(item.description)}${where}</li>`);
    });
  } else {
    if (brief.roomType?.trim()) items.push(`<li><strong>Room type:</strong> ${said(brief.roomType.replace(/-/g, ' '))}</li>`);
    items.push(
      `<li><strong>Style:</strong> ${brief.styleDescription.trim() ? `<em>${said(brief.styleDescription)}</em>` : 'not given, chosen to suit the room'}</li>`,
    );
    if (brief.items.length === 0) items.push('<li><strong>Items:</strong> none uploaded</li>');
    brief.items.forEach((item, i) => {
      const where = item.placement.trim() ? `placed <em>${said(item.placement)}</em>` : 'placed where it suits the layout';
      items.push(`<li><strong>Item ${i + 1}:</strong> ${said(item.description)}, ${where}</li>`);
    });
  }
  items.push(
    brief.architecturalChanges && brief.architecturalDetails.trim()
      ? `<li><strong>Architectural changes:</strong> <em>${said(brief.architecturalDetails)}</em>; everything else kept</li>`
      : '<li><strong>Architectural changes:</strong> none; walls, windows, doors, ceiling and camera kept</li>',
  );
  if (brief.inspirationCount > 0)
    items.push(`<li><strong>Inspiration:</strong> ${brief.inspirationCount} photo${brief.inspirationCount === 1 ? '' : 's'}</li>`);
  if (brief.styleLens?.trim()) items.push('<li><strong>StyleLens:</strong> applied</li>');
  if (brief.additionalText.trim()) items.push(`<li><strong>Your notes:</strong> <em>${said(brief.additionalText)}</em></li>`);
  return `<ul>${items.join('')}</ul>`;
}

/** A design's 'What you asked for' (`before` goes under the heading, e.g. how the colours asked for came out). */
export function askedForHtml(brief: DesignBrief, before = ''): string {
  return `<h3>What you asked for</h3>${before}${askedList(brief)}`;
}

/** A masked refinement's request, as its analysis quotes it ('' when none was typed). */
export function askedInAreaHtml(request: string): string {
  return request.trim() ? `<p>You asked: <em>${said(request)}</em></p>` : '';
}
