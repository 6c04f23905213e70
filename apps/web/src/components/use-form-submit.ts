import { useState } from 'react';
import { describeError } from '../api/api-error';

/**
 * The forms' submit: the first broken rule (a validator's message, or null) shows and stops it;
 * otherwise `run` goes with the button busy, and a failure shows its catalogue message, framed
 * by `frame` where a screen words it (sign-in).
 */
export function useFormSubmit(initialError: string | null = null) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  async function submit(
    brokenRule: string | null,
    run: () => Promise<void>,
    frame: (message: string) => string = (message) => message,
  ): Promise<void> {
    setError(brokenRule);
    if (brokenRule) return;
    setBusy(true);
    try {
      await run();
    } catch (cause) {
      setError(frame(describeError(cause)));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, submit };
}
