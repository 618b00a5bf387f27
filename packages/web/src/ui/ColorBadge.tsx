import { DEFAULT_STATUS_COLOR, textColorFor } from '@zaplecze/contract';
import type { ReactNode } from 'react';

interface Props {
  /** Hex colour without '#' (as stored); empty means the default white. */
  color: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A status badge in the status's colour. The text is black on light colours and white on dark
 * ones (brightness 0.299R + 0.587G + 0.114B above 186, docs/rules/platform-rules.md §3); a thin border keeps a
 * white badge visible on a white row.
 */
export function ColorBadge({ color, children, className = '', testId }: Props) {
  const bg = (color || DEFAULT_STATUS_COLOR).replace(/^#/, '');
  return (
    <span
      className={`badge border fw-semibold text-wrap text-start ${className}`.trim()}
      style={{ backgroundColor: `#${bg}`, color: `#${textColorFor(bg)}`, borderColor: 'rgba(0,0,0,.15)' }}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
