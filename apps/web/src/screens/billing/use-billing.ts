import type { PlanId } from '@reframe/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callFunction } from '../../api/callable';

const billingConfigQueryKey = ['billing', 'config'] as const;

export function useBillingConfig() {
  return useQuery({
    queryKey: billingConfigQueryKey,
    queryFn: () => callFunction('getStripeConfig'),
  });
}

/** Starts a checkout (or, with a subscription in place, the provider's portal) and leaves. */
export function useCheckout() {
  return useMutation({
    mutationFn: (planId: PlanId) =>
      callFunction('createCheckoutSession', { planId, origin: window.location.origin }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: () => callFunction('createPortalSession', { origin: window.location.origin }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
