/**
 * The prerendered landing page's demo banner (DemoBannerView, drawn hidden): shown when the
 * server's site config (GET /api/site-config) says payments are simulated.
 */
export async function showDemoBanner(scope: ParentNode): Promise<void> {
  const banner = scope.querySelector<HTMLElement>('[data-demo-banner]');
  if (!banner) return;
  try {
    const response = await fetch('/api/site-config');
    if (!response.ok) return;
    const config = (await response.json()) as { paymentsDemo?: unknown } | null;
    banner.hidden = config?.paymentsDemo !== true;
  } catch {
    // No answer: the page stays as drawn, without the banner.
  }
}
