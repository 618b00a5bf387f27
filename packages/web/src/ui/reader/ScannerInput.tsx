import { useEffect, useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { uiText } from '../texts';
import { isTypingTarget, ScannerBuffer } from './scanner-buffer';

/**
 * Scanner mode: while mounted, every key pressed on the page feeds the buffer (keys typed into
 * another field excepted); the read-only field shows what is being read. `hint` says what to scan.
 */
export function ScannerInput({ onScan, hint, size }: { onScan(code: string): void; hint: string; size?: 'lg' }) {
  const t = uiText().reader.scanner;
  const [text, setText] = useState('');
  const submit = useRef(onScan);
  submit.current = onScan;

  useEffect(() => {
    const buffer = new ScannerBuffer((code) => submit.current(code), setText);
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTypingTarget(e.target)) return;
      if (buffer.key(e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      buffer.reset();
    };
  }, []);

  return (
    <Form.Group controlId="reader-scanner">
      <Form.Label className={size === 'lg' ? 'mb-1' : 'small mb-1'}>{t.label}</Form.Label>
      <Form.Control
        readOnly
        size={size}
        value={text}
        placeholder={t.placeholder}
        className="font-monospace"
        data-scanner-input=""
        data-testid="reader-scanner-input"
      />
      <Form.Text muted>{hint}</Form.Text>
    </Form.Group>
  );
}
