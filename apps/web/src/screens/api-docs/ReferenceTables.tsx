import { apiDocsCopy, apiErrorCatalogue, apiErrorCodes } from '@reframe/shared';

const s = apiDocsCopy.sections;

function Term({ children, nowrap = false }: { children: string; nowrap?: boolean }) {
  return (
    <code
      className={`rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] text-slate-900 ${nowrap ? 'whitespace-nowrap' : 'break-all'}`}
    >
      {children}
    </code>
  );
}

/** A list of names and what each means: two columns from sm up, stacked below. */
function Definitions({ items }: { items: readonly (readonly [string, string])[] }) {
  return (
    <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map(([term, meaning]) => (
        <div
          key={term}
          className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4"
        >
          <dt>
            <Term>{term}</Term>
          </dt>
          <dd className="text-sm leading-6 text-slate-700">{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RequestFields() {
  return <Definitions items={s.request.fields} />;
}

export function HeadersList() {
  return <Definitions items={s.headers.items} />;
}

/**
 * Every code of the API's error catalogue, its statuses and what it means: a table from sm up;
 * below, each row stacks (code and status, then the meaning) so nothing needs scrolling.
 */
export function ErrorCodesTable() {
  const e = s.errors;
  return (
    <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600 max-sm:sr-only">
          <tr>
            <th scope="col" className="px-4 py-2.5">
              {e.codeColumn}
            </th>
            <th scope="col" className="px-4 py-2.5">
              {e.statusColumn}
            </th>
            <th scope="col" className="px-4 py-2.5">
              {e.meaningColumn}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {apiErrorCodes.map((code) => {
            const { statuses } = apiErrorCatalogue[code];
            const status = statuses.length > 0 ? statuses.join(', ') : e.noStatus;
            const meaning = apiDocsCopy.errorCodes[code];
            return (
              <tr key={code} className="max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:py-2">
                <th scope="row" className="px-4 py-2.5 font-normal max-sm:py-1">
                  <Term nowrap>{code}</Term>
                </th>
                <td className="px-4 py-2.5 whitespace-nowrap text-slate-700 tabular-nums max-sm:py-1 max-sm:text-right">
                  {status}
                </td>
                <td className="px-4 py-2.5 leading-6 text-slate-700 max-sm:col-span-2 max-sm:py-1">
                  {meaning}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
