import { Button, Classes, InputGroup } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Bank } from './api';

/** Banks whose name (or code) holds every word typed, in the list's order. */
export function matchingBanks(banks: readonly Bank[], query: string): Bank[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...banks];
  return banks.filter((bank) => {
    const text = `${bank.name} ${bank.code}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * The bank, picked from the server's list by typing part of its name: a combobox (WAI-ARIA 1.2)
 * whose list follows the text. Arrow keys move through the list, Enter picks, Escape closes; on a
 * phone the list is tapped. The field shows the chosen bank's name whenever it is not being typed in.
 */
export function BankPicker({
  id,
  banks,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  banks: readonly Bank[];
  /** The chosen bank's code ('' for none). */
  value: string;
  onChange: (bank: Bank) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const chosen = banks.find((bank) => bank.code === value);
  const [query, setQuery] = useState<string | null>(null); // null: not typing, the chosen name shows
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = `${useId()}-banks`;
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => matchingBanks(banks, query ?? ''), [banks, query]);
  const activeBank = open ? shown[Math.min(active, shown.length - 1)] : undefined;
  const optionId = (bank: Bank) => `${listId}-${bank.code}`;

  const activeId = activeBank ? optionId(activeBank) : undefined;
  useEffect(() => {
    // The option the arrow keys reached stays in sight (jsdom has no scrollIntoView).
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  function openAt(index: number) {
    setOpen(true);
    setActive(Math.max(0, index));
  }

  function pick(bank: Bank) {
    onChange(bank);
    setQuery(null);
    setOpen(false);
  }

  function close() {
    setOpen(false);
    setQuery(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!open) openAt(Math.max(0, chosen ? shown.indexOf(chosen) : 0));
      else setActive((index) => (index + step + shown.length) % Math.max(shown.length, 1));
    } else if (event.key === 'Enter' && open) {
      // Enter picks the bank; it does not send the form.
      event.preventDefault();
      if (activeBank) pick(activeBank);
    } else if (event.key === 'Escape' && open) {
      // Only the list closes, not a dialog around it.
      event.stopPropagation();
      close();
    }
  }

  return (
    <div className="kobo-bank-picker">
      <InputGroup
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        intent={invalid ? 'danger' : 'none'}
        autoComplete="off"
        spellCheck={false}
        placeholder="Type to search your bank"
        leftIcon="search"
        value={query ?? chosen?.name ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          openAt(0);
        }}
        onFocus={(event) => event.target.select()}
        onKeyDown={onKeyDown}
        onBlur={close}
        rightElement={
          <Button
            variant="minimal"
            icon={open ? 'caret-up' : 'caret-down'}
            aria-label={open ? 'Close the list of banks' : 'Show all banks'}
            tabIndex={-1}
            // Keeps the focus in the field, so the list does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (open) close();
              else {
                setQuery(null);
                openAt(chosen ? banks.indexOf(chosen) : 0);
                document.getElementById(id)?.focus();
              }
            }}
          />
        }
      />
      <ul
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label="Banks"
        className={`${Classes.MENU} ${Classes.ELEVATION_2} kobo-bank-picker-list`}
        hidden={!open}
      >
        {shown.length === 0 ? (
          <li className={`${Classes.MENU_ITEM} ${Classes.DISABLED}`} role="presentation">
            No bank matches &ldquo;{query}&rdquo;
          </li>
        ) : (
          shown.map((bank) => (
            <li
              key={bank.code}
              id={optionId(bank)}
              role="option"
              aria-selected={bank.code === value}
              className={`${Classes.MENU_ITEM} ${bank === activeBank ? Classes.ACTIVE : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(bank)}
            >
              <span className={Classes.FILL}>{bank.name}</span>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
