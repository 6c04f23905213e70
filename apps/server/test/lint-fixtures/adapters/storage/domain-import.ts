// Breaks the adapters rule: an adapter importing a domain module.
import { fileUrl } from '../../resizer/files/file-urls';

export const url = fileUrl;
