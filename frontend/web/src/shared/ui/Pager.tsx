/**
 * Previous / next for a server-paged list, with where the reader is ("21–40 of 133") and the
 * page size. The page lives in the address (shared/api/paging), so a view survives a reload.
 */
import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { pageCount, PAGE_SIZES, type PageRequest } from '../api/paging';

export function Pager({
  page,
  pageSize,
  total,
  onChange,
  label = 'Pages',
}: PageRequest & { total: number; onChange: (next: PageRequest) => void; label?: string }) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="kobo-pager" aria-label={label}>
      <span className="kobo-pager-where" aria-live="polite">
        {total === 0
          ? 'No rows'
          : `${first.toLocaleString('en-NG')}–${last.toLocaleString('en-NG')} of ${total.toLocaleString('en-NG')}`}
      </span>
      <label className="kobo-pager-size">
        <span>Rows per page</span>
        <HTMLSelect
          value={pageSize}
          onChange={(event) => onChange({ page: 1, pageSize: Number(event.currentTarget.value) })}
          options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
        />
      </label>
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => onChange({ page: page - 1, pageSize })}
        />
        <Button
          icon="chevron-right"
          aria-label="Next page"
          disabled={page >= pages}
          onClick={() => onChange({ page: page + 1, pageSize })}
        />
      </ButtonGroup>
    </nav>
  );
}
