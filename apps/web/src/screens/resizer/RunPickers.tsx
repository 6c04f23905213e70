import type { Ref } from 'react';
import type { SelectionSummary as Summary } from '@reframe/shared';
import { AlignmentPicker } from './AlignmentPicker';
import { CustomOutputField } from './CustomOutputField';
import { FramingPicker } from './FramingPicker';
import { RatioPicker } from './RatioPicker';
import { SelectionSummary } from './SelectionSummary';
import type { RunChoices } from './use-run-choices';

/** The pickers of a run, single or bulk: outputs, placement, framing, and what it charges. */
export function RunPickers({
  choices,
  original,
  summary,
  credits,
  photos,
  disabled,
  placementRef,
}: {
  choices: RunChoices;
  /** The one image's ratio (its "(Original)" ratio is off); null in bulk or before an upload. */
  original: number | null;
  summary: Summary;
  /** The credits the run is charged, as the Process button will start it. */
  credits: number;
  photos: number;
  disabled: boolean;
  /** The placement picker, which a weak result's warning scrolls to. */
  placementRef?: Ref<HTMLFieldSetElement>;
}) {
  return (
    <>
      <RatioPicker
        selected={choices.selected}
        original={original}
        disabled={disabled}
        onToggle={(label) => choices.toggle(label, original)}
        onAddPlacements={choices.add}
        onRemovePlacements={choices.remove}
      />
      <CustomOutputField
        selected={choices.selected}
        disabled={disabled}
        onAdd={(key) => choices.add([key])}
        onRemove={(key) => choices.remove([key])}
      />
      <AlignmentPicker
        value={choices.alignment}
        disabled={disabled}
        onChange={choices.setAlignment}
        fieldsetRef={placementRef}
      />
      <FramingPicker value={choices.framing} disabled={disabled} onChange={choices.setFraming} />
      <SelectionSummary
        summary={summary}
        credits={credits}
        photos={photos}
        disabled={disabled}
        onRemove={choices.remove}
      />
    </>
  );
}
