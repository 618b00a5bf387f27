import { BARCODE_MAX_CODES } from '@zaplecze/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';
import { CodesButtons } from './components/CodesButtons';
import { MultiSelectToolbar } from '@web/ui/MultiSelectToolbar';
import type { MultiSelect } from '@web/ui/useMultiSelect';
import { uiText } from '@web/ui/texts';

const auth = vi.hoisted(() => ({ permissions: '' }));
vi.mock('@web/platform/auth/AuthProvider', () => ({
  useAuth: () => ({ user: { login: 'firma_jan', permissions: auth.permissions } }),
}));

const t = uiText().multiSelect;
const fetchMock = vi.fn(async () => new Response(JSON.stringify({ pdf: '' }), { status: 200 }));

function renderWith(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>{node}</ToastProvider>
    </QueryClientProvider>,
  );
}

function activeSelection(ids: number[]): MultiSelect {
  return {
    active: true,
    selected: new Set(ids),
    selectedIds: ids,
    toggle: vi.fn(),
    setAll: vi.fn(),
    start: vi.fn(),
    end: vi.fn(),
    isSelected: (id: number) => ids.includes(id),
  };
}

const values = (n: number) => Array.from({ length: n }, (_, i) => (i + 1) * 10);

describe('reader-code sheets on the screens', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the sheets screen shows a note instead of the buttons without the sheet’s permission', () => {
    auth.permissions = 'main.items.edit';
    renderWith(<CodesButtons kind="weight" body={{ grams: [500] }} fileName="weights.pdf" testId="weights" />);
    expect(screen.queryByTestId('weights-print')).toBeNull();
    expect(screen.queryByTestId('weights-download')).toBeNull();
    expect(screen.getByTestId('weights-no-permission').textContent).toBe(t.noPermission);
  });

  it('with the permission the buttons are there', () => {
    auth.permissions = 'main.order.edit';
    renderWith(<CodesButtons kind="weight" body={{ grams: [500] }} fileName="weights.pdf" testId="weights" />);
    expect(screen.getByTestId('weights-print')).toBeTruthy();
    expect(screen.getByTestId('weights-download')).toBeTruthy();
  });

  it(`more than ${BARCODE_MAX_CODES} codes are not sent: a Polish warning names the maximum`, async () => {
    auth.permissions = 'main.order.edit';
    const grams = values(BARCODE_MAX_CODES + 1);
    renderWith(<CodesButtons kind="weight" body={{ grams }} fileName="weights.pdf" testId="weights" />);
    fireEvent.click(screen.getByTestId('weights-download'));
    expect(
      await screen.findByText(
        `Jednorazowo można wydrukować najwyżej ${BARCODE_MAX_CODES} kodów, a wybrano ${grams.length}.`,
      ),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a list’s selection toolbar is drawn only for users who may print its codes', () => {
    auth.permissions = 'main.items.show';
    const view = renderWith(
      <MultiSelectToolbar select={activeSelection([1, 2])} codesKind="item_group" fileName="item_groups.pdf" />,
    );
    expect(screen.queryByTestId('multi-print')).toBeNull();
    expect(screen.queryByTestId('multi-start')).toBeNull();
    view.unmount();

    auth.permissions = 'main.items.edit';
    renderWith(
      <MultiSelectToolbar select={activeSelection([1, 2])} codesKind="item_group" fileName="item_groups.pdf" />,
    );
    expect(screen.getByTestId('multi-print')).toBeTruthy();
  });

  it('a selection over the maximum on a list is refused before any call', async () => {
    auth.permissions = 'main.admin';
    const ids = values(BARCODE_MAX_CODES + 5);
    renderWith(<MultiSelectToolbar select={activeSelection(ids)} codesKind="category" fileName="categories.pdf" />);
    fireEvent.click(screen.getByTestId('multi-print'));
    expect(await screen.findByText(t.tooManyTitle)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
