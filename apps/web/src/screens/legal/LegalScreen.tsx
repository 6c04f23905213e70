import { copy } from '@reframe/shared';
import { PublicTopBar } from '../../components/PublicTopBar';
import { useDocumentTitle } from '../../components/use-document-title';
import { PublicFooter } from '../landing/PublicFooter';

/** /terms and /privacy: one page of the legal copy, under the public top bar. */
function LegalScreen({ page }: { page: 'terms' | 'privacy' }) {
  const { title, lead, sections } = copy.legal[page];
  useDocumentTitle(title);
  return (
    <>
      <PublicTopBar />
      <main id="main" className="mx-auto max-w-3xl px-5 pt-28 pb-20 sm:px-8 sm:pt-32">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-500">{copy.legal.lastUpdated}</p>
        <p className="mt-6 text-lg leading-8 text-slate-700">{lead}</p>
        {sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-base leading-7 text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </main>
      <PublicFooter />
    </>
  );
}

export function TermsScreen() {
  return <LegalScreen page="terms" />;
}

export function PrivacyScreen() {
  return <LegalScreen page="privacy" />;
}
