import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { uiText } from '../texts';

/** Manual mode: a normal field and a button (or Enter) send the code as typed (trimmed). */
export function ManualInput({ onScan, size }: { onScan(code: string): void; size?: 'lg' }) {
  const t = uiText().reader.manual;
  const [text, setText] = useState('');
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === '') return;
        onScan(text.trim());
        setText('');
      }}
    >
      <Form.Label htmlFor="reader-manual" className={size === 'lg' ? 'mb-1' : 'small mb-1'}>
        {t.label}
      </Form.Label>
      <InputGroup size={size}>
        <Form.Control
          id="reader-manual"
          autoFocus
          value={text}
          placeholder={t.placeholder}
          onChange={(e) => setText(e.target.value)}
          className="font-monospace"
          data-testid="reader-manual-input"
        />
        <Button type="submit" data-testid="reader-manual-send">
          <i className="bi bi-send me-1" aria-hidden="true" />
          {t.send}
        </Button>
      </InputGroup>
    </Form>
  );
}
