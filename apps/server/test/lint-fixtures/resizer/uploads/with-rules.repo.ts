// Breaks the repos rule: a repo importing a service.
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/types';
import { createUploadsService } from './uploads.service';

export const make = (db: Kysely<DB>) => [db, createUploadsService];
