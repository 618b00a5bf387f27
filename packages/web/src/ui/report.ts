/**
 * Bulk reports (docs/rules/catalogue-and-orders-rules.md §8): plain text where a line starting with '#' is a heading.
 * The same text is shown in the dialog and saved as the .txt file.
 */

export interface ReportSection {
  title: string;
  lines: string[];
}

/** The report text: each non-empty section as a '#' heading followed by its lines. */
export function reportText(sections: readonly ReportSection[]): string {
  return sections
    .filter((s) => s.lines.length > 0)
    .map((s) => [`# ${s.title}`, ...s.lines].join('\n'))
    .join('\n\n');
}

export type ReportBlock = { kind: 'heading'; text: string } | { kind: 'line'; text: string };

/** Lines of a report as headings and plain lines (rendered as elements: no HTML from data). */
export function reportBlocks(text: string): ReportBlock[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => (l.startsWith('#') ? { kind: 'heading', text: l.replace(/^#+\s*/, '') } : { kind: 'line', text: l }));
}

/** Saves the report as a UTF-8 text file (with BOM, so Windows Notepad shows Polish letters). */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
