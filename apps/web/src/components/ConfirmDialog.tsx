import { Button } from './Button';
import { Dialog } from './Dialog';

/** What a confirmation asks, and its two answers (catalogue strings). */
export interface ConfirmQuestion {
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  /** The confirm button is red: the action destroys something. */
  danger?: boolean;
}

export interface ConfirmDialogProps {
  question: ConfirmQuestion | null;
  onAnswer: (confirmed: boolean) => void;
}

/**
 * A yes/no question in the app's modal (see use-confirm.ts): focus starts on the safe answer, first
 * in the dialog, and stays inside; Escape cancels; focus goes back where it was when it closes.
 */
export function ConfirmDialog({ question, onAnswer }: ConfirmDialogProps) {
  return (
    <Dialog open={question !== null} onClose={() => onAnswer(false)} title={question?.title}>
      <p className="text-sm leading-6 text-slate-600">{question?.body}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onAnswer(false)}>
          {question?.cancel}
        </Button>
        <Button variant={question?.danger ? 'danger' : 'primary'} onClick={() => onAnswer(true)}>
          {question?.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
