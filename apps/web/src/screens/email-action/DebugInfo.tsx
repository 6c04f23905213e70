import { copy } from '@reframe/shared';
import type { VerificationLink, VerificationState } from './use-email-verification';

/** The brief's collapsible debug block: what the page read from the link, and any error. */
export function DebugInfo({ link, state }: { link: VerificationLink; state: VerificationState }) {
  const { debug } = copy.emailAction;
  const rows: [string, string][] = [
    [debug.mode, link.mode ?? debug.missing],
    [debug.code, link.code ? debug.present : debug.missing],
    [debug.continueUrl, link.continueUrl ?? debug.missing],
    [debug.apiKey, link.apiKey ? debug.present : debug.missing],
    [debug.error, state.status === 'error' ? state.message : debug.none],
  ];
  return (
    <details className="group mt-8 rounded-lg border border-slate-200 bg-slate-50 text-left text-sm">
      <summary className="cursor-pointer rounded-lg px-4 py-2.5 font-medium text-slate-700 select-none hover:text-slate-900">
        {copy.emailAction.debugInfo}
      </summary>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 border-t border-slate-200 px-4 py-3 font-mono text-xs">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
