import { copy } from '@reframe/shared';
import { useQuery } from '@tanstack/react-query';
import { siteConfigQuery } from '../api/site-config';

/**
 * The bar fixed to the bottom of the window saying payments are simulated, and room below the
 * page so it hides nothing. `hidden` draws it hidden, for the prerendered landing page, whose
 * script (islands/demo-banner.ts) shows it once the server says the deployment is a demo.
 */
export function DemoBannerView({ hidden }: { hidden?: boolean }) {
  return (
    <div data-demo-banner="" hidden={hidden}>
      <div aria-hidden="true" className="h-16 sm:h-12" />
      <p
        role="status"
        className="fixed inset-x-0 bottom-0 z-50 bg-amber-300 px-4 py-3 text-center text-sm font-semibold text-amber-950 shadow-[0_-1px_0_rgba(0,0,0,0.1)]"
      >
        {copy.demo.banner}
      </p>
    </div>
  );
}

/**
 * On every page of a deployment declared a demo (PAYMENTS_DEMO_MODE), the demo banner. Nothing
 * is drawn until the server has answered.
 */
export function DemoBanner() {
  const { data } = useQuery(siteConfigQuery);
  if (!data?.paymentsDemo) return null;
  return <DemoBannerView />;
}
