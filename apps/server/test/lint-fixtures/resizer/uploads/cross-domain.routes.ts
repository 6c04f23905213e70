// Breaks the routes rule: a route reaching into another domain's repo.
import { findAccount } from '../../billing/billing.repo';

export const lookUp = findAccount;
