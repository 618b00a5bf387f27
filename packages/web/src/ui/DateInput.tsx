import { useState, type FocusEvent, type InputHTMLAttributes, type Ref } from 'react';
import Form from 'react-bootstrap/Form';
import { dateFieldValue, formatDatePl, parseDatePl, parseTimePl, timeFieldValue } from './date-text';
import { uiText } from './texts';

export type DateInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'size' | 'value' | 'onChange' | 'defaultValue'
> & {
  /** The form's value: the ISO day / 'GG:MM:SS', '' when empty, or invalid text as typed (see ui/date-text.ts). */
  value: string;
  onChange(value: string): void;
  isInvalid?: boolean;
  size?: 'sm' | 'lg';
  ref?: Ref<HTMLInputElement>;
  'data-testid'?: string;
};

interface Way {
  /** The form's value of a typed text. */
  valueOf(text: string): string;
  /** The text shown for a form's value. */
  show(value: string): string;
  /** The full text of a typed one once the field is left, or undefined to leave it. */
  tidy(text: string): string | undefined;
  placeholder(): string;
  maxLength: number;
}

const DATE: Way = {
  valueOf: dateFieldValue,
  show: formatDatePl,
  tidy: (text) => {
    const iso = parseDatePl(text);
    return iso === undefined ? undefined : formatDatePl(iso);
  },
  placeholder: () => uiText().dates.placeholder,
  maxLength: 10,
};

const TIME: Way = {
  valueOf: timeFieldValue,
  show: (value) => value,
  tidy: parseTimePl,
  placeholder: () => uiText().dates.time,
  maxLength: 8,
};

function TypedInput({ way, value, onChange, onBlur, ...props }: DateInputProps & { way: Way }) {
  const [text, setText] = useState(() => way.show(value));
  // A value set from outside (a reset, 'Wyczyść', a loaded order) replaces the text; the value
  // this field handed out itself leaves the text as typed.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== way.valueOf(text)) setText(way.show(value));
  }
  return (
    <Form.Control
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={way.placeholder()}
      maxLength={way.maxLength}
      {...props}
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const v = way.valueOf(next);
        setSeen(v);
        onChange(v);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        // '5.3.2026', '05032026' and '9:05' are shown the full way once the field is left.
        const full = way.tidy(text);
        if (full !== undefined) setText(full);
        onBlur?.(e);
      }}
    />
  );
}

/**
 * THE date field of every form: a text field showing and taking DD.MM.RRRR whatever the browser's
 * language (never `type="date"`, which an English Chromium shows as MM/DD/YYYY). The form keeps
 * the ISO day; what is sent to the API does not change.
 */
export function DateInput(props: DateInputProps) {
  return <TypedInput way={DATE} {...props} />;
}

/**
 * THE time-of-day field: GG:MM:SS on the 24-hour clock (never `type="time"`, which an English
 * Chromium shows as 02:30:15 PM). The form keeps 'GG:MM:SS'.
 */
export function TimeInput(props: DateInputProps) {
  return <TypedInput way={TIME} {...props} />;
}
