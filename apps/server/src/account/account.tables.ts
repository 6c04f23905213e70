import type { Timestamp } from '../platform/db/types';

/** Table of migration 0006-deleted-address. */
export interface DeletedAddressTable {
  digest: string;
  deleted_at: Timestamp;
}

declare module '../platform/db/types' {
  interface DB {
    deleted_address: DeletedAddressTable;
  }
}
