import { useCallback, useState } from 'react';
import type { Alignment } from '@reframe/shared';
import { DEFAULT_ALIGNMENT } from './AlignmentPicker';
import { DEFAULT_FRAMING_CHOICE, type FramingChoice } from './FramingPicker';
import {
  addOutputs,
  INITIAL_SELECTION,
  pruneSelection,
  removeOutputs,
  toggleRatio,
  type Selection,
} from './ratio-selection';

/**
 * What the next run makes, chosen in the pickers: the outputs, where the original sits and the
 * framing. Both modes share them: adding photos keeps what was picked for one.
 */
export function useRunChoices() {
  const [selection, setSelection] = useState<Selection>(INITIAL_SELECTION);
  const [alignment, setAlignment] = useState<Alignment>(DEFAULT_ALIGNMENT);
  const [framing, setFraming] = useState<FramingChoice>(DEFAULT_FRAMING_CHOICE);

  const toggle = useCallback((label: string, original: number | null) => {
    setSelection((current) => toggleRatio(current, label, original));
  }, []);
  const add = useCallback((keys: readonly string[]) => {
    setSelection((current) => addOutputs(current, keys));
  }, []);
  const remove = useCallback((keys: readonly string[]) => {
    setSelection((current) => removeOutputs(current, keys));
  }, []);
  /** An image's ratio is known: the ratios within 5 % of it go. */
  const prune = useCallback((original: number) => {
    setSelection((current) => pruneSelection(current, original));
  }, []);

  return {
    selected: selection.keys,
    alignment,
    framing,
    setAlignment,
    setFraming,
    toggle,
    add,
    remove,
    prune,
  };
}

export type RunChoices = ReturnType<typeof useRunChoices>;
