import DOMPurify from 'dompurify';

/** Tags that modal text from a server body may keep (docs/rules/platform-rules.md §2); everything else is stripped. */
export const MODAL_ALLOWED_TAGS = [
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'small',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
];

export function sanitizeModalHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: MODAL_ALLOWED_TAGS, ALLOWED_ATTR: [], KEEP_CONTENT: true });
}
