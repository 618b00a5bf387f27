import type { ItemRow } from '@zaplecze/contract';
import { format } from '@web/i18n';
import { rowActionsColumn } from '@web/ui/list-page';
import type { PagedColumn } from '@web/ui/paged-list';
import { uiText } from '@web/ui/texts';
import { countCell, deliveryCell, photoUrl, priceCell, statusColors } from '../format';
import { itemsText } from '../texts';

export interface ItemColumnsOptions {
  /** Multi-select mode: no actions, the photo is not a button (a click selects the row). */
  multi: boolean;
  orgPrefix: string;
  canEdit: boolean;
  /** The id of the item being deleted (its button shows a spinner). */
  deletingId: number | undefined;
  onPhotos(row: ItemRow): void;
  onMenu(row: ItemRow, button: HTMLElement): void;
  /** Whether the row's menu has anything for this user. */
  hasMenu(row: ItemRow): boolean;
  onDelete(row: ItemRow): void;
}

function Thumb({ row, o }: { row: ItemRow; o: ItemColumnsOptions }) {
  const t = itemsText().list;
  const photo = row.itemSummary.mainPhoto;
  if (!photo) {
    return (
      <div className="item-thumb text-body-tertiary" title={t.noPhoto}>
        <i className="bi bi-image fs-3" aria-hidden="true" />
        <span className="visually-hidden">{t.noPhoto}</span>
      </div>
    );
  }
  const img = <img src={photoUrl(photo, o.orgPrefix, 'thumb')} alt="" loading="lazy" decoding="async" />;
  if (o.multi) return <div className="item-thumb">{img}</div>;
  return (
    <button
      type="button"
      className="item-thumb btn btn-link p-0 border-0"
      aria-label={format(t.showPhotos, { code: row.code })}
      onClick={() => o.onPhotos(row)}
      data-testid="item-thumb"
    >
      {img}
    </button>
  );
}

/** The columns of the item list (docs/rules/catalogue-and-orders-rules.md §2.1); cells stay one line (virtual rows). */
export function itemColumns(o: ItemColumnsOptions): PagedColumn<ItemRow>[] {
  const t = itemsText().list;
  const columns: PagedColumn<ItemRow>[] = [
    // Header widths (docs/decisions.md, Item list headers): a header never ends in '…' at 1366 or
    // 1920 px; where the full word does not fit, a short one with the full one as its tooltip.
    {
      id: 'photo',
      header: () => t.colPhoto,
      shortHeader: () => t.colPhotoShort,
      width: '4.5rem',
      showFrom: 'md',
      cell: (r) => <Thumb row={r} o={o} />,
    },
    {
      id: 'code',
      header: () => t.colCode,
      width: '8rem',
      cellClassName: 'fw-semibold',
      cell: (r) => (
        <span title={r.code} data-testid="item-code">
          {r.code}
        </span>
      ),
    },
    {
      // No width: the name takes what the other columns leave.
      id: 'name',
      header: () => t.colName,
      cell: (r) => (
        <span title={r.name} data-testid="item-name">
          {r.name}
        </span>
      ),
    },
    {
      id: 'gtin',
      header: () => t.colGtin,
      // 13 digits whole.
      width: '9.5rem',
      showFrom: 'wide',
      cell: (r) => <span data-testid="item-gtin">{r.gtin}</span>,
    },
    {
      id: 'external',
      header: () => t.colExternal,
      hiddenHeader: true,
      width: '2.25rem',
      showFrom: 'xl',
      className: 'text-center',
      cell: (r) =>
        r.externalData && (
          <i
            className="bi bi-globe2 text-primary"
            role="img"
            title={r.externalData.code ? format(t.externalCode, { code: r.externalData.code }) : t.externalNoCode}
            aria-label={r.externalData.code ? format(t.externalCode, { code: r.externalData.code }) : t.externalNoCode}
            data-testid="item-external"
          />
        ),
    },
    {
      id: 'photos',
      header: () => t.colPhotos,
      shortHeader: () => t.colPhotosShort,
      width: '3.5rem',
      showFrom: 'xxl',
      className: 'text-end',
      cell: (r) => (
        <span title={t.photosCount} data-testid="item-photos">
          {r.itemSummary.countPhotos}
        </span>
      ),
    },
    {
      id: 'params',
      header: () => t.colParams,
      shortHeader: () => t.colParamsShort,
      width: '3.5rem',
      showFrom: 'xxl',
      className: 'text-end',
      cell: (r) => (
        <span title={t.paramsCount} data-testid="item-params">
          {r.itemSummary.countParams}
        </span>
      ),
    },
    {
      id: 'price',
      header: () => t.colPrice,
      width: '10rem',
      showFrom: 'sm',
      className: 'text-end',
      cell: (r) => <span data-testid="item-price">{priceCell(r, t)}</span>,
    },
    {
      id: 'count',
      header: () => t.colCount,
      width: '4.5rem',
      showFrom: 'md',
      className: 'text-end',
      cell: (r) => (
        <span title={t.countOfferHint} data-testid="item-count">
          {countCell(r, t)}
        </span>
      ),
    },
    {
      id: 'delivery',
      header: () => t.colDelivery,
      width: '8rem',
      showFrom: 'wide',
      cell: (r) => {
        const text = deliveryCell(r, t);
        return (
          <span title={text} data-testid="item-delivery">
            {text}
          </span>
        );
      },
    },
    {
      id: 'group',
      header: () => t.colGroup,
      width: '6.5rem',
      showFrom: 'wide',
      cell: (r) => (
        <span title={r.itemGroup?.name} data-testid="item-group">
          {r.itemGroup?.name ?? t.none}
        </span>
      ),
    },
    {
      id: 'category',
      header: () => t.colCategory,
      width: '8rem',
      showFrom: 'wide',
      cell: (r) =>
        r.category ? (
          <span title={r.category.fullName} data-testid="item-category">
            {format(t.nodeLabel, { name: r.category.name, number: r.category.number })}
          </span>
        ) : (
          <span data-testid="item-category">{t.none}</span>
        ),
    },
    {
      id: 'place',
      header: () => t.colPlace,
      width: '6rem',
      showFrom: 'lg',
      cell: (r) => (
        <span title={r.place?.fullName} data-testid="item-place">
          {r.place?.fullNumber ?? t.none}
        </span>
      ),
    },
    {
      id: 'status',
      header: () => t.colStatus,
      width: '7rem',
      showFrom: 'sm',
      cell: (r) => {
        if (!r.itemStatus) return t.none;
        const c = statusColors(r.itemStatus.color);
        return (
          <span
            className="badge border mw-100 text-truncate d-inline-block align-middle"
            style={{ backgroundColor: c.background, color: c.text, borderColor: 'rgba(0,0,0,.15)' }}
            title={r.itemStatus.name}
            data-testid="item-status"
          >
            {r.itemStatus.name}
          </span>
        );
      },
    },
  ];
  if (!o.multi) {
    columns.push(
      rowActionsColumn<ItemRow>({
        testId: 'item',
        editPath: (r) => `/items/${r.id}`,
        canEdit: o.canEdit,
        deletingId: o.deletingId,
        onDelete: o.onDelete,
        onMenu: o.onMenu,
        hasMenu: o.hasMenu,
        menuLabel: (r) => format(t.menuOf, { code: r.code }),
        texts: { ...t, view: uiText().listPage.view },
      }),
    );
  }
  return columns;
}
