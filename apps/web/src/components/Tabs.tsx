import clsx from 'clsx';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly T[];
  value: T;
  onChange: (tab: T) => void;
  /** The panel of the selected tab. */
  children: ReactNode;
  /** Optional small count or mark after a tab's name. */
  aside?: (tab: T) => ReactNode;
  /** The tab's accessible name when it says more than its text, e.g. "Packs, 4 selected". */
  tabName?: (tab: T) => string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs (wrapping), Home and End
 * jump to the ends, and only the selected tab is in the tab order.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
  aside,
  tabName,
}: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (tab: T) => `${baseId}-tab-${tabs.indexOf(tab)}`;
  const panelId = `${baseId}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.indexOf(value);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (current + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (current - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (next === null || tab === undefined) return;
    event.preventDefault();
    onChange(tab);
    refs.current[next]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {tabs.map((tab, index) => {
          const selected = tab === value;
          return (
            <button
              key={tab}
              ref={(element) => {
                refs.current[index] = element;
              }}
              id={tabId(tab)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-label={tabName?.(tab)}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab)}
              className={clsx(
                'flex min-w-fit flex-1 items-center justify-center gap-1.5 rounded-lg px-1.5 py-2 text-[13px] font-medium whitespace-nowrap transition-colors sm:px-2 sm:text-sm',
                selected
                  ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {tab}
              {aside?.(tab)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className="mt-3">
        {children}
      </div>
    </div>
  );
}
