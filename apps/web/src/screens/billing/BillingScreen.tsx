import { copy } from '@reframe/shared';

export function BillingScreen() {
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-semibold">{copy.billing.title}</h1>
    </main>
  );
}
