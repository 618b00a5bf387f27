/**
 * Printed documents arrive as base64 (docs/rules/platform-rules.md §7). Printing opens the PDF for the browser's
 * print dialog; downloading saves it under the suggested file name (docs/rules/platform-rules.md §9).
 */

function pdfBlob(base64: string): Blob {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}

/** Saves any file the app received (a PDF, a CSV export) under a suggested name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started by now; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves the PDF as a file (e.g. places.pdf). */
export function downloadPdf(base64: string, fileName: string): void {
  saveBlob(pdfBlob(base64), fileName);
}

/**
 * Opens the PDF in a hidden frame and calls the browser's print dialog on it. The frame stays
 * until the next print, so the dialog is not cut short; a blocked frame falls back to a new tab.
 */
export function printPdf(base64: string): void {
  const url = URL.createObjectURL(pdfBlob(base64));
  const previous = document.getElementById('pdf-print-frame');
  if (previous) {
    previous.remove();
    // The previous print is over once its frame goes; without this every print would keep its
    // PDF (up to thousands of codes) in memory until the tab is closed.
    const previousUrl = previous instanceof HTMLIFrameElement ? previous.src : '';
    if (previousUrl.startsWith('blob:')) URL.revokeObjectURL(previousUrl);
  }
  const frame = document.createElement('iframe');
  frame.id = 'pdf-print-frame';
  frame.setAttribute('data-testid', 'pdf-print-frame');
  frame.style.position = 'fixed';
  frame.style.right = '0';
  frame.style.bottom = '0';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.src = url;
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
  };
  document.body.appendChild(frame);
}
