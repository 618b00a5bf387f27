import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatNodes } from './format-nodes';

describe('formatNodes', () => {
  it('puts elements where the placeholders are and keeps the text around them', () => {
    const { container } = render(
      <p>
        {formatNodes('Akceptuję {terms} oraz {privacy}.', {
          terms: <a href="/t">regulamin</a>,
          privacy: <a href="/p">politykę prywatności</a>,
        })}
      </p>,
    );
    expect(container.textContent).toBe('Akceptuję regulamin oraz politykę prywatności.');
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/t', '/p']);
  });

  it('leaves unknown placeholders as they are', () => {
    const { container } = render(<p>{formatNodes('{a} i {b}', { a: 'x' })}</p>);
    expect(container.textContent).toBe('x i {b}');
  });
});
