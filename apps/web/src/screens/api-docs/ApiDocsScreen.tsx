import { FileJson } from 'lucide-react';
import { apiDocsCopy, apiDocsSnippets as snippets } from '@reframe/shared';
import { PublicTopBar } from '../../components/PublicTopBar';
import { useDocumentTitle } from '../../components/use-document-title';
import { PublicFooter } from '../landing/PublicFooter';
import { CodeBlock } from './CodeBlock';
import { DocsSection, Paragraphs, Step } from './DocsSection';
import { ErrorCodesTable, HeadersList, RequestFields } from './ReferenceTables';

const d = apiDocsCopy;
const s = d.sections;
const c = d.code;
const openApiPath = '/v1/openapi.json';

const contents = [
  ['overview', s.overview.heading],
  ['authentication', s.auth.heading],
  ['quickstart', s.quickstart.heading],
  ['typescript', s.typescript.heading],
  ['request', s.request.heading],
  ['limits', s.limits.heading],
  ['errors', s.errors.heading],
  ['headers', s.headers.heading],
  ['idempotency', s.idempotency.heading],
  ['webhooks', s.webhooks.heading],
  ['openapi', s.openApi.heading],
] as const;

function Contents() {
  return (
    <nav aria-label={d.contentsLabel} className="hidden lg:block">
      <div className="sticky top-28">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {d.contentsLabel}
        </p>
        <ul className="mt-3 space-y-2 border-l border-slate-200 text-sm">
          {contents.map(([id, heading]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="-ml-px block border-l border-transparent pl-4 text-slate-600 hover:border-slate-400 hover:text-slate-900"
              >
                {heading}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

function OpenApiLink({ className }: { className?: string }) {
  return (
    <a
      href={openApiPath}
      className={`inline-flex items-center gap-2 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 ${className ?? ''}`}
    >
      <FileJson aria-hidden="true" className="size-4 text-brand-600" />
      {d.openApi}
    </a>
  );
}

/** /docs/api: the public API's guide (issue 30), in the site's public layout. */
export function ApiDocsScreen() {
  useDocumentTitle(d.title);
  const base = window.location.origin;
  const q = s.quickstart.steps;
  return (
    <>
      <PublicTopBar />
      <div className="mx-auto grid max-w-6xl gap-12 px-5 pt-28 pb-20 sm:px-8 sm:pt-32 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <Contents />
        <main id="main" className="min-w-0 max-w-3xl">
          <p className="text-sm font-semibold text-brand-700">{d.eyebrow}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {d.title}
          </h1>
          <p className="mt-5 text-lg leading-8 text-slate-700">{d.lead}</p>
          <OpenApiLink className="mt-6" />

          <DocsSection id="overview" heading={s.overview.heading}>
            <Paragraphs items={s.overview.paragraphs} />
          </DocsSection>

          <DocsSection id="authentication" heading={s.auth.heading}>
            <Paragraphs items={s.auth.paragraphs} />
          </DocsSection>

          <DocsSection id="quickstart" heading={s.quickstart.heading}>
            <Step>{q.setKey}</Step>
            <CodeBlock label={c.shell} code={snippets.setKey} />
            <Step>{q.create}</Step>
            <CodeBlock label={c.shell} code={snippets.create(base)} />
            <Step>{q.createAnswer}</Step>
            <CodeBlock label={c.answer} code={snippets.createAnswer(base)} />
            <Step>{q.poll}</Step>
            <CodeBlock label={c.shell} code={snippets.poll(base)} />
            <Step>{q.pollAnswer}</Step>
            <CodeBlock label={c.answer} code={snippets.pollAnswer(base)} />
            <Step>{q.download}</Step>
            <CodeBlock label={c.shell} code={snippets.download} />
          </DocsSection>

          <DocsSection id="typescript" heading={s.typescript.heading}>
            <Step>{s.typescript.lead}</Step>
            <CodeBlock label={c.typescript} code={snippets.typescript(base)} />
          </DocsSection>

          <DocsSection id="request" heading={s.request.heading}>
            <Step>{s.request.lead}</Step>
            <RequestFields />
          </DocsSection>

          <DocsSection id="limits" heading={s.limits.heading}>
            <ul className="mt-4 list-disc space-y-2 pl-5 text-base leading-7 text-slate-700">
              {s.limits.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </DocsSection>

          <DocsSection id="errors" heading={s.errors.heading}>
            <Step>{s.errors.lead}</Step>
            <CodeBlock label={c.json} code={snippets.errorShape} />
            <Step>{s.errors.fieldLead}</Step>
            <CodeBlock label={c.json} code={snippets.fieldErrorShape} />
            <ErrorCodesTable />
          </DocsSection>

          <DocsSection id="headers" heading={s.headers.heading}>
            <HeadersList />
          </DocsSection>

          <DocsSection id="idempotency" heading={s.idempotency.heading}>
            <Paragraphs items={s.idempotency.paragraphs} />
          </DocsSection>

          <DocsSection id="webhooks" heading={s.webhooks.heading}>
            <Paragraphs items={s.webhooks.paragraphs} />
            <CodeBlock label={c.http} code={snippets.webhookHeaders} />
            <Step>{s.webhooks.verifyLead}</Step>
            <CodeBlock label={c.node} code={snippets.verify} />
          </DocsSection>

          <DocsSection id="openapi" heading={s.openApi.heading}>
            <Paragraphs items={[s.openApi.paragraph]} />
            <OpenApiLink className="mt-5" />
          </DocsSection>
        </main>
      </div>
      <PublicFooter />
    </>
  );
}
