import { BookOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { apiWebCopy } from '@reframe/shared';
import { describeError } from '../../../api/api-error';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { TextLink } from '../../../components/TextLink';
import { SettingsSection } from '../SettingsSection';
import { ApiKeyList } from './ApiKeyList';
import { CreateKeyDialog } from './CreateKeyDialog';
import { isNotAllowed } from './api-key-display';
import { useApiKeys, useRevokeApiKey } from './use-api-keys';
import { WebhookSecretPanel } from './WebhookSecretPanel';

const k = apiWebCopy.keys;

function DocsLink() {
  return (
    <TextLink to="/docs/api" className="mt-2 inline-flex items-center gap-1.5 text-sm">
      <BookOpen aria-hidden="true" className="size-4" />
      {k.docsLink}
    </TextLink>
  );
}

function KeysPanel() {
  const [creating, setCreating] = useState(false);
  const keys = useApiKeys();
  const revocation = useRevokeApiKey();

  if (keys.isPending) {
    return (
      <div role="status" className="grid min-h-24 place-items-center text-brand-600">
        <Spinner />
        <span className="sr-only">{k.loading}</span>
      </div>
    );
  }
  if (keys.isError) {
    return (
      <Alert>
        <p className="font-semibold">{k.loadFailed}</p>
        <p className="mt-1">{describeError(keys.error)}</p>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {revocation.revokedName && <Alert tone="success">{k.revoked(revocation.revokedName)}</Alert>}
      {revocation.error && <Alert>{describeError(revocation.error)}</Alert>}
      {!keys.data.canCreate && (
        <Alert tone="warning">
          <span data-testid="api-read-only">
            {k.readOnly} <TextLink to="/app/billing">{k.seePlans}</TextLink>
          </span>
        </Alert>
      )}
      <ApiKeyList
        keys={keys.data.keys}
        busyId={revocation.busyId}
        onRevoke={(key) => void revocation.revoke(key)}
        explainSuspended={keys.data.canCreate}
      />
      {keys.data.canCreate && (
        <>
          <div className="border-t border-slate-200 pt-5">
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {k.create}
            </Button>
          </div>
          <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
        </>
      )}
      <ConfirmDialog {...revocation.dialogProps} />
    </div>
  );
}

/**
 * Settings → API keys (issue 30), for Expert accounts and a team's owner and admins: the server
 * decides (GET /api/api-keys answers 403 to anyone else), and everyone else reads where API access
 * comes from. A user who lost API access but still has keys sees them read-only, suspended, and
 * may revoke them (issue 39); the webhook secret is only for those who may make keys.
 */
export function ApiKeysSettings() {
  const keys = useApiKeys();
  const allowed = !isNotAllowed(keys.error);
  return (
    <>
      <SettingsSection
        headingId="settings-api-keys"
        title={k.heading}
        description={
          <>
            {k.description}
            <br />
            <DocsLink />
          </>
        }
      >
        {allowed ? (
          <KeysPanel />
        ) : (
          <p className="text-sm text-slate-700" data-testid="api-not-allowed">
            {k.notAllowed} <TextLink to="/app/billing">{k.seePlans}</TextLink>
          </p>
        )}
      </SettingsSection>
      {allowed && keys.isSuccess && keys.data.canCreate && (
        <SettingsSection
          headingId="settings-webhook-secret"
          title={apiWebCopy.webhook.heading}
          description={apiWebCopy.webhook.description}
        >
          <WebhookSecretPanel />
        </SettingsSection>
      )}
    </>
  );
}
