import { createCallableClient } from '@reframe/shared';

/** The brief's callables on our own origin, authenticated by the session cookie. */
export const callFunction = createCallableClient();
