import { copy } from '@reframe/shared';
import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from '../api/site-config';

/**
 * On every page of a deployment declared a demo (PAYMENTS_DEMO_MODE): a bar fixed to the bottom
 * of the window saying payments are simulated, and room below the page so it hides nothing.
 * Nothing is drawn until the server has answered.
 */
export function DemoBanner() {
  const { data } = useQuery(siteConfigQuery);
  if (!data?.paymentsDemo) return null;
  return (
    <>
      <div aria-hidden="true" className="h-16 sm:h-12" />
      <p
        role="status"
        className="fixed inset-x-0 bottom-0 z-50 bg-amber-300 px-4 py-3 text-center text-sm font-semibold text-amber-950 shadow-[0_-1px_0_rgba(0,0,0,0.1)]"
      >
        {copy.demo.banner}
      </p>
    </>
  );
}
