import { useCallback, useRef, useState } from 'react';
import type { ConfirmDialogProps, ConfirmQuestion } from './ConfirmDialog';

/**
 * The app's own confirm(): `confirm(question)` opens a ConfirmDialog (render it with
 * `dialogProps`) and resolves true on its confirm button, false on cancel or Escape.
 */
export function useConfirm() {
  const [question, setQuestion] = useState<ConfirmQuestion | null>(null);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback(
    (next: ConfirmQuestion) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setQuestion(next);
      }),
    [],
  );

  // The dialog also reports its closing after an answer: only the first answer counts.
  const onAnswer = useCallback((confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setQuestion(null);
  }, []);

  const dialogProps: ConfirmDialogProps = { question, onAnswer };
  return { confirm, dialogProps };
}
