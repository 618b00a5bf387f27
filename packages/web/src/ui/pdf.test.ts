import { afterEach, describe, expect, it, vi } from 'vitest';
import { printPdf } from './pdf';

const PDF_BASE64 = btoa('%PDF-1.3\n%%EOF\n');

function frames(): HTMLIFrameElement[] {
  return [...document.querySelectorAll<HTMLIFrameElement>('[data-testid="pdf-print-frame"]')];
}

describe('printPdf', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('keeps one print frame with the latest PDF and frees the PDF of the previous print', () => {
    let n = 0;
    // jsdom has no object URLs of its own.
    URL.createObjectURL = () => `blob:http://localhost/${++n}`;
    URL.revokeObjectURL = () => undefined;
    const revoke = vi.spyOn(URL, 'revokeObjectURL');

    printPdf(PDF_BASE64);
    expect(frames().map((f) => f.src)).toEqual(['blob:http://localhost/1']);
    expect(revoke).not.toHaveBeenCalled();

    printPdf(PDF_BASE64);
    expect(frames().map((f) => f.src)).toEqual(['blob:http://localhost/2']);
    expect(revoke).toHaveBeenCalledExactlyOnceWith('blob:http://localhost/1');
  });
});
