import { apiDocsCopy, apiErrorCodes } from '@reframe/shared';

const s = apiDocsCopy.sections;

function Term({ children }: { children: string }) {
  return (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] break-all text-slate-900">
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

/** Every code of the API's error catalogue, its usual status and what it means. */
export function ErrorCodesTable() {
  const e = s.errors;
  return (
    <div
      role="region"
      aria-label={e.heading}
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[34rem] text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
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
            const [status, meaning] = apiDocsCopy.errorCodes[code];
            return (
              <tr key={code}>
                <th scope="row" className="px-4 py-2.5 font-normal">
                  <Term>{code}</Term>
                </th>
                <td className="px-4 py-2.5 text-slate-700 tabular-nums">{status}</td>
                <td className="px-4 py-2.5 leading-6 text-slate-700">{meaning}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
