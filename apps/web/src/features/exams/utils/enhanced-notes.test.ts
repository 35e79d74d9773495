import { describe, expect, it } from 'vitest';
import { enhancedNotesSchema } from '@auscura/contracts';
import { isEnhancedNoteDisabled, toggleEnhancedNote } from './enhanced-notes.ts';

describe('the enhanced notes', () => {
  it('adds and removes ordinary options, in the order of the option list', () => {
    const one = toggleEnhancedNote([], 'Continuous', true);
    const two = toggleEnhancedNote(one, 'Holosystolic', true);
    expect(two).toEqual(['Holosystolic', 'Continuous']);
    expect(toggleEnhancedNote(two, 'Holosystolic', false)).toEqual(['Continuous']);
  });

  it("checking a group's exclusive option unchecks the others of that group only", () => {
    const selected = toggleEnhancedNote(['Holosystolic', 'Continuous', 'Wheezing'], 'Likely no murmur', true);
    expect(selected).toEqual(['Likely no murmur', 'Wheezing']);
    expect(enhancedNotesSchema.safeParse(selected).success).toBe(true);
    const breath = toggleEnhancedNote(
      ['Stridor', 'Crackling', 'Holosystolic'],
      'Likely regular respiratory sounds',
      true,
    );
    expect(breath).toEqual(['Holosystolic', 'Likely regular respiratory sounds']);
  });

  it('disables the other options of a group while its exclusive option is checked', () => {
    const selected = ['Likely no murmur', 'Wheezing'] as const;
    expect(isEnhancedNoteDisabled(selected, 'Holosystolic')).toBe(true);
    expect(isEnhancedNoteDisabled(selected, 'Likely no murmur')).toBe(false);
    expect(isEnhancedNoteDisabled(selected, 'Stridor')).toBe(false);
    expect(isEnhancedNoteDisabled([], 'Holosystolic')).toBe(false);
  });

  it('enables the group again once the exclusive option is unchecked', () => {
    const selected = toggleEnhancedNote(['Likely no murmur'], 'Likely no murmur', false);
    expect(selected).toEqual([]);
    expect(isEnhancedNoteDisabled(selected, 'Holosystolic')).toBe(false);
  });
});
