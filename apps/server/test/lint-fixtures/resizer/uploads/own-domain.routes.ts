// Keeps the routes rule: a route may use its own domain's repo.
import { insertUpload } from './uploads.repo';

export const record = insertUpload;
