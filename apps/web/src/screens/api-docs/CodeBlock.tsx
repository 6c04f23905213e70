import { apiDocsCopy } from '@reframe/shared';
import { CopyButton } from '../../components/CopyButton';

/**
 * A code sample: it scrolls sideways inside its own box on a narrow screen, so the page never
 * does, and it can be copied as it is.
 */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="group relative mt-4 min-w-0 overflow-hidden rounded-xl bg-slate-900 ring-1 ring-slate-800">
      <figcaption className="flex items-center justify-between gap-3 border-b border-slate-800 py-1.5 pr-1.5 pl-4 text-xs font-medium text-slate-400">
        {label}
        <div className="[&_button]:h-8 [&_button]:bg-slate-800 [&_button]:px-3 [&_button]:text-xs [&_button]:text-slate-200 [&_button]:ring-slate-700 [&_button]:hover:bg-slate-700">
          <CopyButton text={code} label={apiDocsCopy.code.copyLabel(label)} />
        </div>
      </figcaption>
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-[13px] leading-6 text-slate-100 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
