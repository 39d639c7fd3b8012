/**
 * The bar above a back-office list: a search box and the list's selects, each labelled, in one
 * search landmark. The values live in the address (the pages' own `readFilters`); this only draws.
 */
import { FormGroup, HTMLSelect, InputGroup, type HTMLSelectProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export function ListFilters({
  label,
  search,
  children,
}: {
  /** The landmark's name, e.g. 'Filter users'. */
  label: string;
  search: { id: string; placeholder: string; value: string; onChange: (value: string) => void };
  /** FilterSelects. */
  children?: ReactNode;
}) {
  return (
    <div className="kobo-card kobo-list-filters" role="search" aria-label={label}>
      <FormGroup label="Search" labelFor={search.id} className="kobo-list-filters-search">
        <InputGroup
          id={search.id}
          type="search"
          leftIcon="search"
          placeholder={search.placeholder}
          value={search.value}
          onValueChange={search.onChange}
        />
      </FormGroup>
      {children}
    </div>
  );
}

export function FilterSelect<V extends string>({
  id,
  label,
  value,
  onChange,
  options,
  children,
}: {
  id: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  options?: HTMLSelectProps['options'];
  /** Options drawn by the caller (groups), instead of `options`. */
  children?: ReactNode;
}) {
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect
        id={id}
        fill
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as V)}
        options={options}
      >
        {children}
      </HTMLSelect>
    </FormGroup>
  );
}
