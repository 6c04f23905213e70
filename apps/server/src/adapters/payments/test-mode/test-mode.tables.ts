import type { Timestamp } from '../../../platform/db/types';

/** The test-mode provider's own table (migration 0004-billing). */
export interface TestPaymentObjectTable {
  id: string;
  kind: string;
  data: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../../platform/db/types' {
  interface DB {
    test_payment_object: TestPaymentObjectTable;
  }
}
