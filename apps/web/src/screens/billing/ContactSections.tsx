import { copy } from '@reframe/shared';
import { Check } from 'lucide-react';
import { Card } from '../../components/Card';

const mailLink =
  'inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';

export function ContactSections() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-slate-900">{copy.billing.enterpriseSolutions}</h2>
        <p className="mt-1 text-sm text-slate-600">{copy.billing.enterpriseBody}</p>
        <ul className="mt-3 space-y-1.5 text-sm text-slate-700">
          {copy.billing.enterpriseItems.map((item) => (
            <li key={item} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              {item}
            </li>
          ))}
        </ul>
        <a className={`${mailLink} mt-4`} href={`mailto:${copy.billing.salesEmail}`}>
          {copy.billing.contactSales}
        </a>
      </Card>
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-slate-900">{copy.billing.needHelp}</h2>
        <p className="mt-1 text-sm text-slate-600">{copy.billing.helpBody}</p>
        <a className={`${mailLink} mt-4`} href={`mailto:${copy.billing.supportEmail}`}>
          {copy.billing.contactSupport}
        </a>
      </Card>
    </div>
  );
}
