import { useCallback, useState } from 'react';

/**
 * Copies text to the clipboard and remembers how it went, for a button that says "Copied" after,
 * or a hint to copy by hand when the browser refuses (no permission, an insecure page).
 */
export function useClipboard() {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }, []);
  return { copied: state === 'copied', failed: state === 'failed', copy };
}
