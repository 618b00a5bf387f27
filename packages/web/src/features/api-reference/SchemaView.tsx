import type { OpenApiDocumentShape } from '@zaplecze/contract';
import { Fragment, useState, type ReactNode } from 'react';
import {
  branchesOf,
  constraints,
  fieldsOf,
  hasInside,
  isMap,
  nullableOf,
  refName,
  resolveRef,
  typeLabel,
  type JsonSchema,
} from './schema';
import { apiReferenceText } from './texts';

/** Deeper than this a schema is shown by its type only (the server writes no recursive schemas). */
const MAX_DEPTH = 8;

/**
 * A JSON Schema of a body or an answer, as a table of fields: name, type, constraints; fields that
 * hold objects, lists of objects, alternatives or a named component open below their row.
 * Components (`ItemRow`) open on demand, so a long answer does not draw everything at once.
 */
export function SchemaView({
  schema,
  doc,
  depth = 0,
}: {
  schema: JsonSchema;
  doc: OpenApiDocumentShape;
  depth?: number;
}): ReactNode {
  const t = apiReferenceText().schema;
  if (depth > MAX_DEPTH) return <code>{typeLabel(schema, t)}</code>;
  const name = refName(schema);
  if (name) return <ComponentView name={name} doc={doc} depth={depth} />;
  // `X | null`: the type says null; X is shown as it is.
  const nullable = nullableOf(schema);
  if (nullable) return <SchemaView schema={nullable} doc={doc} depth={depth} />;
  const branches = branchesOf(schema);
  if (branches) {
    return (
      <div>
        <div className="text-muted">{t.oneOf}</div>
        <ol className="mb-0 ps-4">
          {branches.map((b, i) => (
            <li key={i} className="mb-1">
              <SchemaView schema={b} doc={doc} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  const fields = fieldsOf(schema);
  if (fields.length > 0) {
    return (
      // On a phone a wide table scrolls sideways inside its box, not the page.
      <div className="table-responsive">
        <table className="table table-sm table-bordered mb-0 api-schema">
          <thead className="table-light">
            <tr>
              <th style={{ width: '22%' }}>{t.field}</th>
              <th style={{ width: '28%' }}>{t.type}</th>
              <th>{t.details}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <Fragment key={f.name}>
                <tr>
                  <td>
                    <code>{f.name}</code>
                    {f.required && (
                      <span className="text-danger ms-1" title={t.required} aria-label={t.required}>
                        *
                      </span>
                    )}
                  </td>
                  <td>{typeLabel(f.schema, t)}</td>
                  <td>{constraints(f.schema, t).join('; ')}</td>
                </tr>
                {hasInside(f.schema) && (
                  <tr>
                    <td colSpan={3} className="ps-4 bg-body-tertiary">
                      <SchemaView schema={inner(f.schema)} doc={doc} depth={depth + 1} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const items = schema.items as JsonSchema | undefined;
  if (items && hasInside(items)) {
    return (
      <div>
        <div className="text-muted">{typeLabel(schema, t)}</div>
        <SchemaView schema={inner(items)} doc={doc} depth={depth + 1} />
      </div>
    );
  }
  const extra = schema.additionalProperties;
  const label =
    typeLabel(schema, t) === t.object ? (extra === false ? t.noFields : extra ? t.anyFields : t.object) : undefined;
  return (
    <span>
      <code>{label ?? typeLabel(schema, t)}</code>
      {constraints(schema, t).length > 0 && (
        <span className="text-muted ms-2">{constraints(schema, t).join('; ')}</span>
      )}
    </span>
  );
}

/** What opens below a field: the list's element, the map's value, or the schema itself. */
function inner(schema: JsonSchema): JsonSchema {
  if (schema.items && !refName(schema)) return schema.items as JsonSchema;
  if (isMap(schema) && !schema.properties) return schema.additionalProperties as JsonSchema;
  return schema;
}

function ComponentView({ name, doc, depth }: { name: string; doc: OpenApiDocumentShape; depth: number }) {
  const [open, setOpen] = useState(depth === 0);
  const schema = resolveRef(doc, { $ref: `#/components/schemas/${name}` });
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className="api-component">
      <summary>
        <code className="fw-semibold">{name}</code>
      </summary>
      {open && (
        <div className="mt-1">
          <SchemaView schema={schema} doc={doc} depth={depth + 1} />
        </div>
      )}
    </details>
  );
}

/** The document's descriptions: paragraphs, `- ` lists, `code` and **bold** (the server writes no more). */
export function Markdown({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/);
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((l, j) => l.startsWith('- ') || (j > 0 && l.startsWith('  ')))) {
          const items: string[] = [];
          for (const l of lines) {
            if (l.startsWith('- ')) items.push(l.slice(2));
            else items[items.length - 1] += ` ${l.trim()}`;
          }
          return (
            <ul key={i} className="mb-2">
              {items.map((item, j) => (
                <li key={j}>{inline(item)}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i} className="mb-2">
            {inline(lines.join(' '))}
          </p>
        );
      })}
    </>
  );
}

/** One line of the document's text: `code` and **bold**. */
export function InlineMarkdown({ text }: { text: string }) {
  return <>{inline(text)}</>;
}

function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, i) => {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 1) return <code key={i}>{part.slice(1, -1)}</code>;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 3)
      return <strong key={i}>{part.slice(2, -2)}</strong>;
    return part;
  });
}
