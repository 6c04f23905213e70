import clsx from 'clsx';
import { useState, type FormEvent } from 'react';
import { apiKeyModes, apiWebCopy, type ApiKeyMode, type CreatedApiKey } from '@reframe/shared';
import { describeError } from '../../../api/api-error';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { CopyButton } from '../../../components/CopyButton';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/TextField';
import { keyNameProblem } from './api-key-display';
import { useCreateApiKey } from './use-api-keys';

const d = apiWebCopy.createDialog;

function ModeChoice({
  mode,
  onChange,
}: {
  mode: ApiKeyMode;
  onChange: (mode: ApiKeyMode) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{d.modeLabel}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {apiKeyModes.map((option) => (
          <label
            key={option}
            className={clsx(
              'flex cursor-pointer gap-2.5 rounded-lg border p-3 text-sm transition-colors has-focus-visible:ring-3 has-focus-visible:ring-brand-600/15',
              mode === option
                ? 'border-brand-600 bg-brand-50/60'
                : 'border-slate-300 hover:border-slate-400',
            )}
          >
            <input
              type="radio"
              name="mode"
              value={option}
              checked={mode === option}
              onChange={() => onChange(option)}
              className="mt-0.5 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-slate-900">
                {apiWebCopy.keys.modes[option]}
              </span>
              <span className="mt-0.5 block text-xs leading-5 text-slate-600">
                {d.modeHints[option]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function KeyShownOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const s = apiWebCopy.keyShown;
  return (
    <div className="flex flex-col gap-5">
      <Alert tone="warning">{s.warning}</Alert>
      <div>
        <p id="new-api-key-label" className="mb-1.5 text-sm font-medium text-slate-800">
          {s.keyLabel}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <code
            aria-labelledby="new-api-key-label"
            data-testid="new-api-key"
            className="block min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-[13px] leading-5 break-all text-slate-900 select-all"
          >
            {created.secret}
          </code>
          <CopyButton text={created.secret} label={apiWebCopy.clipboard.copyKey} />
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>{s.done}</Button>
      </div>
    </div>
  );
}

/** "Create key": a name and a mode, then the whole key, shown this once. */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [mode, setMode] = useState<ApiKeyMode>('live');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateApiKey();
  const created = create.data ?? null;

  function close() {
    if (create.isPending) return;
    setName('');
    setMode('live');
    setProblem(null);
    create.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = keyNameProblem(name);
    setProblem(found);
    if (found === null) create.mutate({ name: name.trim(), mode });
  }

  const error = problem ?? (create.error ? describeError(create.error) : null);
  return (
    <Dialog open={open} onClose={close} title={created ? apiWebCopy.keyShown.title : d.title}>
      {created ? (
        <KeyShownOnce created={created} onDone={close} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {error && <Alert>{error}</Alert>}
          <div>
            <TextField
              label={d.nameLabel}
              name="keyName"
              autoComplete="off"
              placeholder={d.namePlaceholder}
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-describedby="key-name-hint"
              autoFocus
            />
            <p id="key-name-hint" className="mt-1.5 text-xs text-slate-500">
              {d.nameHint}
            </p>
          </div>
          <ModeChoice mode={mode} onChange={setMode} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={create.isPending}>
              {d.cancel}
            </Button>
            <Button type="submit" busy={create.isPending} busyLabel={d.creating}>
              {apiWebCopy.keys.create}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
