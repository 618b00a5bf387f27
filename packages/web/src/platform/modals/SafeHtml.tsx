import { sanitizeModalHtml } from '@web/platform/modals/sanitize';

/** Server HTML reduced to the allowed tags (docs/rules/platform-rules.md §2). */
export default function SafeHtml({ html }: { html: string }) {
  return <div dangerouslySetInnerHTML={{ __html: sanitizeModalHtml(html) }} />;
}
