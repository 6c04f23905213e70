import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { copy, errorMessages } from '@reframe/shared';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/TextField';
import { customOutputKey, customOutputs } from './ratio-selection';

const r = copy.resizer;

/**
 * "Custom": an exact size in pixels ("1500x500") or a ratio ("5:2") beyond the catalogue, added
 * to the run's selection; each one added shows as a chip that removes it.
 */
export function CustomOutputField({
  selected,
  disabled,
  onAdd,
  onRemove,
}: {
  selected: readonly string[];
  disabled: boolean;
  onAdd: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const custom = customOutputs(selected);

  function add(event: FormEvent) {
    event.preventDefault();
    const result = customOutputKey(text);
    if ('error' in result) {
      setError(errorMessages[result.error]);
      return;
    }
    setError(null);
    setText('');
    onAdd(result.key);
  }

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-sm font-semibold text-slate-900">{r.customTitle}</h2>
      <form className="mt-3 flex items-end gap-2" onSubmit={add} noValidate>
        <TextField
          className="min-w-0 flex-1"
          label={r.customLabel}
          placeholder={r.customPlaceholder}
          value={text}
          disabled={disabled}
          aria-invalid={error !== null}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={disabled || text.trim() === ''}>
          {r.customAdd}
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
      {custom.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {custom.map((key) => (
            <li key={key}>
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-700 ring-1 ring-brand-200">
                {r.customChip(key)}
                <button
                  type="button"
                  aria-label={r.customRemove(key)}
                  disabled={disabled}
                  className="grid size-6 place-items-center rounded-full hover:bg-brand-100"
                  onClick={() => onRemove(key)}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
