// Breaks the platform rule: the platform importing a domain module.
import { currentUser } from '../../auth/guards';

export const user = currentUser;
