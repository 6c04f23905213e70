import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { apiWebCopy } from '@reframe/shared';
import { describeError } from '../../../api/api-error';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { Spinner } from '../../../components/Spinner';
import { useRotateWebhookSecret, useWebhookSecret } from './use-api-keys';

const w = apiWebCopy.webhook;
const masked = 'whsec_' + '•'.repeat(24);

/** The signing secret: hidden until revealed, with Copy and Rotate (which asks first). */
export function WebhookSecretPanel() {
  const secret = useWebhookSecret();
  const rotation = useRotateWebhookSecret();
  const [revealed, setRevealed] = useState(false);

  if (secret.isPending) {
    return (
      <div role="status" className="grid min-h-16 place-items-center text-brand-600">
        <Spinner />
        <span className="sr-only">{w.secretLabel}</span>
      </div>
    );
  }
  if (secret.isError) {
    return (
      <Alert>
        <p className="font-semibold">{w.loadFailed}</p>
        <p className="mt-1">{describeError(secret.error)}</p>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {rotation.rotated && <Alert tone="success">{w.rotated}</Alert>}
      {rotation.error && <Alert>{describeError(rotation.error)}</Alert>}
      <div>
        <p id="webhook-secret-label" className="mb-1.5 text-sm font-medium text-slate-800">
          {w.secretLabel}
        </p>
        <code
          aria-labelledby="webhook-secret-label"
          data-testid="webhook-secret"
          className="block rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-[13px] leading-5 break-all text-slate-900"
        >
          {revealed ? secret.data : masked}
          {!revealed && <span className="sr-only">{w.hidden}</span>}
        </code>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-label={revealed ? w.hideLabel : w.revealLabel}
          aria-pressed={revealed}
          onClick={() => setRevealed((shown) => !shown)}
        >
          {revealed ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
          {revealed ? w.hide : w.reveal}
        </Button>
        <CopyButton text={secret.data} label={apiWebCopy.clipboard.copySecret} />
        <Button
          variant="ghost"
          busy={rotation.busy}
          busyLabel={w.rotating}
          onClick={() => void rotation.rotate()}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {w.rotate}
        </Button>
      </div>
      <ConfirmDialog {...rotation.dialogProps} />
    </div>
  );
}
