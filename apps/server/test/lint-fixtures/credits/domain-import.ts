// Breaks the credits rule: credits calling another domain.
import { findAccount } from '../billing/billing.repo';

export const lookUp = findAccount;
