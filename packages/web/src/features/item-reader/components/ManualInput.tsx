import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { itemReaderText } from '../texts';

/** Manual mode: a normal field and a button (or Enter) send the code as typed. */
export function ManualInput({ onScan }: { onScan(code: string): void }) {
  const t = itemReaderText().manual;
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
      <Form.Label htmlFor="reader-manual" className="small mb-1">
        {t.label}
      </Form.Label>
      <InputGroup>
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
