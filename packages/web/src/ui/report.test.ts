import { describe, expect, it } from 'vitest';
import { reportBlocks, reportText } from './report';

describe('bulk report text', () => {
  it('puts each non-empty section under a # heading and reads headings back', () => {
    const text = reportText([
      { title: 'Błąd podczas usuwania', lines: ['ABC: w użyciu'] },
      { title: 'Nie znaleziono do usunięcia (numery ID towarów)', lines: [] },
      { title: 'Usunięte poprawnie', lines: ['KUBEK-1', 'KUBEK-2'] },
    ]);
    expect(text).toBe('# Błąd podczas usuwania\nABC: w użyciu\n\n# Usunięte poprawnie\nKUBEK-1\nKUBEK-2');
    expect(reportBlocks(text)).toEqual([
      { kind: 'heading', text: 'Błąd podczas usuwania' },
      { kind: 'line', text: 'ABC: w użyciu' },
      { kind: 'heading', text: 'Usunięte poprawnie' },
      { kind: 'line', text: 'KUBEK-1' },
      { kind: 'line', text: 'KUBEK-2' },
    ]);
  });
});
