import { enhancedNoteGroups } from '@auscura/contracts';
import type { Exam } from '@auscura/contracts';

export type EnhancedNoteLabel = Exam['enhancedNotes'][number];

function groupOf(label: EnhancedNoteLabel) {
  return enhancedNoteGroups.find((group) => (group.options as readonly string[]).includes(label));
}

/**
 * Checks or unchecks one option (clinician-portal §4). Checking a group's exclusive option
 * ('Likely no murmur', 'Likely regular respiratory sounds') unchecks the others of that group.
 * Labels keep the order of the option lists, so the saved value does not depend on click order.
 */
export function toggleEnhancedNote(
  selected: readonly EnhancedNoteLabel[],
  label: EnhancedNoteLabel,
  checked: boolean,
): EnhancedNoteLabel[] {
  const group = groupOf(label);
  let next = selected.filter((item) => item !== label);
  if (checked) {
    if (group && group.exclusive === label) {
      next = next.filter((item) => !(group.options as readonly string[]).includes(item));
    }
    next.push(label);
  }
  const order = enhancedNoteGroups.flatMap((g) => g.options as readonly string[]);
  return next.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** While a group's exclusive option is checked, its other options cannot be chosen. */
export function isEnhancedNoteDisabled(selected: readonly EnhancedNoteLabel[], label: EnhancedNoteLabel): boolean {
  const group = groupOf(label);
  return !!group && group.exclusive !== label && selected.includes(group.exclusive);
}
