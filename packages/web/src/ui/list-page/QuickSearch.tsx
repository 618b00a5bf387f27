import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { uiText } from '../texts';

export interface QuickSearchProps {
  /** The text the current search was made of ('' when the quick search is not in use). */
  value: string;
  /** What the box searches by, e.g. 'Kod, nazwa lub GTIN'. */
  placeholder: string;
  /** Runs the search (an empty text drops the quick filter). */
  onSearch(text: string): void;
  testId: string;
}

/** The quick search box above a list: one text, Enter or the button runs it. */
export function QuickSearch(props: QuickSearchProps) {
  // Started again (key) when the search changes elsewhere, so the box shows what is searched.
  return <QuickSearchBox key={props.value} {...props} />;
}

function QuickSearchBox({ value, placeholder, onSearch, testId }: QuickSearchProps) {
  const t = uiText().listPage;
  const [text, setText] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Form onSubmit={submit} role="search" className="quick-search flex-grow-1" data-testid={`${testId}-quick`}>
      <InputGroup>
        <Form.Control
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          aria-label={t.quickSearch}
          title={placeholder}
          data-testid={`${testId}-quick-text`}
        />
        <Button
          type="submit"
          variant="outline-primary"
          aria-label={t.quickSearchRun}
          data-testid={`${testId}-quick-run`}
        >
          <i className="bi bi-search" aria-hidden="true" />
        </Button>
      </InputGroup>
    </Form>
  );
}
