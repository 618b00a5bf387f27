/** The preview length of an additional description in the table (docs/rules/catalogue-and-orders-rules.md §9). */
export const DESCRIPTION_PREVIEW_CHARS = 300;

/**
 * The table's preview of a description: whitespace runs (line breaks included) become one space,
 * and text over 300 characters is cut at 300 with an ellipsis.
 */
export function descriptionPreview(text: string, max = DESCRIPTION_PREVIEW_CHARS, ellipsis = '…'): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}${ellipsis}` : flat;
}
