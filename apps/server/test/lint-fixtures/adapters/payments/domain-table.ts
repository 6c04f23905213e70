// Breaks the adapters rule: an adapter naming a domain's table, even as a type.
import type { BillingAccountTable } from '../../billing/billing.tables';

export type Account = BillingAccountTable;
