import { Check, Copy } from 'lucide-react';
import { apiWebCopy } from '@reframe/shared';
import { Button } from './Button';
import { useClipboard } from './use-clipboard';

const c = apiWebCopy.clipboard;

/** "Copy", then "Copied"; a short hint below when the browser will not copy. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const clipboard = useClipboard();
  return (
    <div className="flex flex-col items-stretch gap-1.5">
      <Button variant="secondary" aria-label={label} onClick={() => void clipboard.copy(text)}>
        {clipboard.copied ? (
          <Check aria-hidden="true" className="size-4 text-emerald-600" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {clipboard.copied ? c.copied : c.copy}
      </Button>
      <span role="status" className="sr-only">
        {clipboard.copied ? c.copied : ''}
      </span>
      {clipboard.failed && (
        <p role="alert" className="text-xs text-red-700">
          {c.failed}
        </p>
      )}
    </div>
  );
}
