import { API_BASE, type OpenApiDocumentShape, type OpenApiParameter, type OpenApiResponse } from '@zaplecze/contract';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { format, pluralPl } from '@web/i18n';
import { errorMessage } from '@web/platform/api';
import { PageSpinner } from '@web/ui/PageSpinner';
import { useOpenApiDocument } from './api-reference.api';
import { matches, operationsByTag, resolveRef, type Operation } from './schema';
import { InlineMarkdown, Markdown, SchemaView } from './SchemaView';
import { apiReferenceText } from './texts';

const METHOD_COLOURS: Record<string, string> = { GET: 'primary', POST: 'success', PUT: 'warning', DELETE: 'danger' };
const keyOf = (o: Operation) => `${o.method} ${o.path}`;

/**
 * /api-reference (docs/api.md): the OpenAPI document of the server drawn for people, for the
 * administrators who write scripts against the API: operations by module and plugin, each with
 * its method, path, who may call it, its parameters, body and answers. Read from
 * GET /api/openapi.json, so it shows exactly what the server serves.
 */
export default function ApiReferencePage() {
  const t = apiReferenceText();
  const query = useOpenApiDocument();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const groups = useMemo(() => (query.data ? operationsByTag(query.data) : []), [query.data]);
  const shown = useMemo(
    () =>
      groups
        .map((g) => ({ ...g, operations: g.operations.filter((o) => matches(o, g.title, search)) }))
        .filter((g) => g.operations.length > 0),
    [groups, search],
  );

  if (query.isPending) return <PageSpinner />;
  if (query.error) {
    return (
      <Alert variant="danger">
        <Alert.Heading className="h6">{t.loadErrorTitle}</Alert.Heading>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const doc = query.data;
  const count = (n: number) => format(pluralPl(n, t.operations), { n });
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const all = shown.flatMap((g) => g.operations.map(keyOf));

  return (
    <div className="mx-auto" style={{ maxWidth: 1200 }} data-testid="api-reference">
      <h1 className="h3 mb-2">{t.heading}</h1>
      <p className="text-muted">{t.intro}</p>
      <div className="d-flex flex-wrap gap-3 align-items-center mb-3 small">
        <span>
          {t.version}: <strong>{doc.info.version}</strong>
        </span>
        <span>
          {t.baseUrl}: <code>{`${window.location.origin}${API_BASE}`}</code>
        </span>
        <a href={`${API_BASE}/openapi.json`} target="_blank" rel="noreferrer" data-testid="api-reference-json">
          <i className="bi bi-filetype-json me-1" aria-hidden="true" />
          {t.document}
        </a>
      </div>
      <div className="bg-white border rounded p-3 mb-3 small" data-testid="api-reference-info">
        <Markdown text={doc.info.description} />
      </div>

      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Form.Group controlId="api-search" className="flex-grow-1" style={{ minWidth: 260 }}>
          <Form.Label className="small mb-1">{t.search}</Form.Label>
          <Form.Control
            type="search"
            value={search}
            placeholder={t.searchPlaceholder}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Form.Group>
        <Button variant="outline-secondary" onClick={() => setOpen(new Set(all))}>
          {t.expandAll}
        </Button>
        <Button variant="outline-secondary" onClick={() => setOpen(new Set())}>
          {t.collapseAll}
        </Button>
      </div>

      <nav aria-label={t.groups} className="mb-3 d-flex flex-wrap gap-2">
        {shown.map((g) => (
          <a key={g.tag} href={`#api-tag-${g.tag}`} className="btn btn-sm btn-outline-secondary">
            {g.title} <Badge bg="secondary">{g.operations.length}</Badge>
          </a>
        ))}
      </nav>

      {shown.length === 0 && <p className="text-muted">{t.noResults}</p>}
      {shown.map((g) => (
        <section key={g.tag} id={`api-tag-${g.tag}`} className="mb-4" data-testid="api-group" data-tag={g.tag}>
          <h2 className="h5 d-flex align-items-baseline gap-2 border-bottom pb-1">
            {g.title}
            <small className="text-muted fw-normal">
              <code>{g.tag}</code> · {count(g.operations.length)}
            </small>
          </h2>
          {g.operations.map((o) => (
            <OperationView key={keyOf(o)} o={o} doc={doc} open={open.has(keyOf(o))} onToggle={() => toggle(keyOf(o))} />
          ))}
        </section>
      ))}
    </div>
  );
}

function AccessBadge({ access }: { access: string }) {
  const t = apiReferenceText().access;
  if (access === 'public') return <Badge bg="success">{t.public}</Badge>;
  if (access === 'authenticated') return <Badge bg="secondary">{t.authenticated}</Badge>;
  return (
    <Badge bg="info" text="dark" title={t.permission}>
      <i className="bi bi-key me-1" aria-hidden="true" />
      {access}
    </Badge>
  );
}

function OperationView({
  o,
  doc,
  open,
  onToggle,
}: {
  o: Operation;
  doc: OpenApiDocumentShape;
  open: boolean;
  onToggle: () => void;
}) {
  const id = `api-op-${o.op.operationId}`;
  return (
    <div className="border rounded mb-2 bg-white" data-testid="api-operation" data-operation={`${o.method} ${o.path}`}>
      <button
        type="button"
        className="btn w-100 text-start d-flex flex-wrap align-items-center gap-2 py-2"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        <Badge
          bg={METHOD_COLOURS[o.method] ?? 'dark'}
          text={o.method === 'PUT' ? 'dark' : undefined}
          style={{ width: 64 }}
        >
          {o.method}
        </Badge>
        <code className="fs-6 text-body">{`${API_BASE}${o.path === '/' ? '' : o.path}`}</code>
        <span className="flex-grow-1">{o.op.summary}</span>
        <AccessBadge access={o.op['x-access']} />
        <i className={`bi ${open ? 'bi-chevron-up' : 'bi-chevron-down'}`} aria-hidden="true" />
      </button>
      {open && (
        <div id={id} className="border-top px-3 py-2">
          <OperationDetails o={o} doc={doc} />
        </div>
      )}
    </div>
  );
}

function OperationDetails({ o, doc }: { o: Operation; doc: OpenApiDocumentShape }) {
  const t = apiReferenceText();
  const params = (o.op.parameters ?? []).map((p) => resolveRef<OpenApiParameter>(doc, p));
  const security = o.op.security.flatMap((s) => Object.keys(s));
  return (
    <div className="small">
      <Markdown text={o.op.description} />
      <p className="mb-2">
        <strong>{t.security}:</strong>{' '}
        {security.length === 0
          ? t.securityNone
          : security.map((s) => (
              <code key={s} className="me-2">
                {s}
              </code>
            ))}
      </p>
      {params.length > 0 && (
        <>
          <h3 className="h6 mt-3">{t.parameters}</h3>
          <div className="table-responsive">
            <table className="table table-sm table-bordered">
              <thead className="table-light">
                <tr>
                  <th style={{ width: '22%' }}>{t.paramName}</th>
                  <th style={{ width: '14%' }}>{t.paramIn}</th>
                  <th>{t.paramSchema}</th>
                </tr>
              </thead>
              <tbody>
                {params.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td>
                      <code>{p.name}</code>
                      {p.required && <span className="text-danger ms-1">*</span>}
                    </td>
                    <td>{t.paramWhere[p.in ?? ''] ?? p.in}</td>
                    <td>
                      {p.description && <div className="text-muted">{p.description}</div>}
                      {p.schema && <SchemaView schema={p.schema} doc={doc} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {o.op.requestBody && (
        <>
          <h3 className="h6 mt-3">{t.requestBody}</h3>
          {Object.entries(o.op.requestBody.content).map(([type, c]) => (
            <div key={type} className="mb-2">
              <Badge bg="light" text="dark" className="border mb-1">
                {type}
              </Badge>
              {c.schema && <SchemaView schema={c.schema} doc={doc} />}
            </div>
          ))}
        </>
      )}
      <h3 className="h6 mt-3">{t.responses}</h3>
      {Object.entries(o.op.responses).map(([status, raw]) => {
        const r = resolveRef<OpenApiResponse>(doc, raw);
        const success = status.startsWith('2');
        return (
          <div key={status} className="mb-2" data-testid="api-response" data-status={status}>
            <Badge bg={success ? 'success' : 'light'} text={success ? undefined : 'dark'} className="border me-2">
              {status === 'default' ? '4xx/5xx' : status}
            </Badge>
            <span>
              <InlineMarkdown text={r.description ?? ''} />
            </span>
            {Object.entries(r.content ?? {}).map(([type, c]) => (
              <div key={type} className="mt-1 ms-3">
                {success && (
                  <Badge bg="light" text="dark" className="border mb-1">
                    {type}
                  </Badge>
                )}
                {/* An error's body (ErrorBody) opens on demand; the answer's is shown open. */}
                {c.schema && type === 'application/json' && (
                  <SchemaView schema={c.schema} doc={doc} depth={success ? 0 : 1} />
                )}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
