import { Fragment, type ReactNode } from 'react';

/**
 * Like `format()` from the catalogue, but the values may be elements (links inside a sentence),
 * so a translation can move them around without the component splitting the sentence itself.
 */
export function formatNodes(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((part, i) => {
    const key = /^\{(\w+)\}$/.exec(part)?.[1];
    const node = key !== undefined && key in values ? values[key] : part;
    return <Fragment key={i}>{node}</Fragment>;
  });
}
