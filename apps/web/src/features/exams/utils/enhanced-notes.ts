import { enhancedNoteGroups } from '@auscura/contracts';
import type { Auscultation, Exam } from '@auscura/contracts';

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

/**
 * The murmur options the automated analysis suggests for an exam: the option matching each
 * heart recording's murmur finding; "Likely no murmur" only when every analysed heart recording
 * found none. Options already chosen are not suggested again.
 */
export function murmurSuggestions(
  auscultations: readonly Auscultation[],
  selected: readonly EnhancedNoteLabel[],
): EnhancedNoteLabel[] {
  const findings = auscultations
    .filter((a) => a.auscultationPoint.type !== 'lungs' && a.beatawareStatus === 'ready')
    .map((a) => a.beatawareReport?.murmur)
    .filter((m) => m !== undefined);
  const present = findings.filter((m) => m.status === 'present');
  const labels = present.length
    ? present.map((m) => m.suggestedNote).filter((n) => n !== null && n !== 'Likely no murmur')
    : findings.length && findings.every((m) => m.status === 'absent')
      ? (['Likely no murmur'] as const)
      : [];
  return [...new Set(labels)].filter((label) => !selected.includes(label));
}

/** Accepting a suggestion checks it; a suggested murmur replaces a checked "Likely no murmur". */
export function acceptSuggestion(
  selected: readonly EnhancedNoteLabel[],
  label: EnhancedNoteLabel,
): EnhancedNoteLabel[] {
  const group = groupOf(label);
  const cleared =
    group && group.exclusive !== label ? selected.filter((item) => item !== group.exclusive) : [...selected];
  return toggleEnhancedNote(cleared, label, true);
}
