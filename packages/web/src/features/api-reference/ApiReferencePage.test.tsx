import type { OpenApiDocumentShape } from '@zaplecze/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ApiReferencePage from './ApiReferencePage';
import { apiReferenceText } from './texts';

const t = apiReferenceText();
const err = { $ref: '#/components/responses/Error' };

/** A small document in the server's shape (platform/openapi.ts). */
const doc: OpenApiDocumentShape = {
  openapi: '3.1.0',
  info: { title: 'Zaplecze API', version: '9.9.9', description: 'Opis **ważny**:\n\n- pierwszy `kod`\n- drugi' },
  servers: [{ url: '/api' }],
  tags: [
    { name: 'items', description: 'Towary' },
    { name: 'meta', description: 'Informacje ogólne' },
  ],
  paths: {
    '/items': {
      get: {
        operationId: 'get_items',
        summary: 'Lista towarów',
        description: 'Dostęp: użytkownik z uprawnieniem `main.items.show`.',
        tags: ['items'],
        'x-access': 'main.items.show',
        security: [{ sessionToken: [] }],
        parameters: [
          { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 214748 } },
        ],
        responses: {
          '200': {
            description: 'Odpowiedź.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { items: { type: 'array', items: { $ref: '#/components/schemas/ItemRow' } } },
                  required: ['items'],
                  additionalProperties: false,
                },
              },
            },
          },
          default: err,
        },
      },
      delete: {
        operationId: 'delete_items',
        summary: 'Usunięcie towaru',
        description: 'Dostęp: użytkownik z uprawnieniem `main.items.edit`.',
        tags: ['items'],
        'x-access': 'main.items.edit',
        security: [{ sessionToken: [] }],
        parameters: [
          { name: 'id', in: 'query', required: true, schema: { type: 'integer' } },
          { $ref: '#/components/parameters/XsrfToken' },
        ],
        responses: { '204': { description: 'Wykonano; odpowiedź bez treści.' }, default: err },
      },
    },
    '/': {
      get: {
        operationId: 'get_root',
        summary: 'Informacje o serwerze',
        description: 'Dostęp: publiczny (bez logowania).',
        tags: ['meta'],
        'x-access': 'public',
        security: [],
        responses: { '200': { description: 'Odpowiedź.' }, default: err },
      },
    },
  },
  components: {
    schemas: {
      ItemRow: {
        type: 'object',
        properties: {
          code: { type: 'string', minLength: 1 },
          vat: { anyOf: [{ type: 'number' }, { type: 'string', enum: ['zw', 'np'] }] },
        },
        required: ['code'],
        additionalProperties: false,
      },
      ErrorBody: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
    responses: {
      Error: {
        description: 'Inny błąd.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    },
    parameters: { XsrfToken: { name: 'X-XSRF-TOKEN', in: 'header', required: true, schema: { type: 'string' } } },
    securitySchemes: {},
  },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(doc), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiReferencePage />
    </QueryClientProvider>,
  );
}

const operation = (key: string) => screen.getAllByTestId('api-operation').find((o) => o.dataset.operation === key)!;

describe('API reference', () => {
  it('groups the operations by module with their method, path, summary and access', async () => {
    renderPage();
    const groups = await screen.findAllByTestId('api-group');
    expect(groups.map((g) => g.dataset.tag)).toEqual(['items', 'meta']);
    expect(within(groups[0]!).getByRole('heading', { level: 2 }).textContent).toMatch(/^Towary.*items · 2 operacje$/);
    const get = operation('GET /items');
    expect(get.textContent).toContain('/api/items');
    expect(get.textContent).toContain('Lista towarów');
    expect(get.textContent).toContain('main.items.show');
    expect(operation('GET /').textContent).toContain(t.access.public);
    expect(screen.getByText('9.9.9')).toBeTruthy();
    // The document's description: a list with code.
    expect(within(screen.getByTestId('api-reference-info')).getByText('kod').tagName).toBe('CODE');
  });

  it('opens an operation: parameters, the answer with its fields, components on demand, the error body', async () => {
    renderPage();
    fireEvent.click(within(await screen.findByTestId('api-reference')).getByText('Lista towarów'));
    const get = operation('GET /items');
    expect(within(get).getByText('page').closest('tr')!.textContent).toContain('od 1');
    expect(within(get).getByText(t.paramWhere.query!)).toBeTruthy();
    // items: a list of ItemRow, opened below its row; ItemRow's fields shown when opened.
    expect(within(get).getByText('lista: ItemRow')).toBeTruthy();
    const row = within(get).getByText('ItemRow', { selector: 'code' }).closest('details')!;
    expect(row.open).toBe(false);
    fireEvent.click(within(row).getByText('ItemRow'));
    expect(row.open).toBe(true);
    fireEvent(row, new Event('toggle'));
    expect(within(row).getByText('code').closest('tr')!.textContent).toContain('długość min. 1');
    expect(within(row).getByText('liczba | tekst')).toBeTruthy();
    const errors = within(get)
      .getAllByTestId('api-response')
      .find((r) => r.dataset.status === 'default')!;
    expect(errors.textContent).toContain('Inny błąd.');
    expect(errors.textContent).toContain('ErrorBody');
    fireEvent.click(within(operation('DELETE /items')).getByText('Usunięcie towaru'));
    const del = operation('DELETE /items');
    expect(within(del).getByText('X-XSRF-TOKEN')).toBeTruthy();
    expect(within(del).getAllByTestId('api-response')[0]!.dataset.status).toBe('204');
  });

  it('finds operations by path, summary or permission, and expands them all', async () => {
    renderPage();
    await screen.findAllByTestId('api-group');
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: 'main.items.edit' } });
    expect(screen.getAllByTestId('api-operation').map((o) => o.dataset.operation)).toEqual(['DELETE /items']);
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: 'nic takiego' } });
    expect(screen.getByText(t.noResults)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: '' } });
    fireEvent.click(screen.getByText(t.expandAll));
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(3);
    fireEvent.click(screen.getByText(t.collapseAll));
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });
});
