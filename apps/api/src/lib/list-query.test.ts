import { describe, expect, it } from 'vitest';
import { parseListQuery } from './list-query.js';
import type { ListWhitelist } from './list-query.js';

const whitelist: ListWhitelist = {
  filters: { reviewed: { ops: ['eq'], type: 'boolean' } },
  sorts: ['dateCreated'],
  joinedLoads: ['patientProfile'],
  defaultSort: { field: 'dateCreated', direction: 'desc' },
};

describe('parseListQuery', () => {
  it('answers the same checked query for the same text, frozen so that no caller can change it', () => {
    const text = JSON.stringify({
      filters: [{ field: 'reviewed', op: 'eq', value: true }],
      joinedLoads: ['patientProfile'],
    });
    const first = parseListQuery(text, whitelist);
    expect(parseListQuery(text, whitelist)).toBe(first);
    expect(first.sort).toEqual([{ field: 'dateCreated', direction: 'desc' }]);
    expect(() => first.filters.push({ field: 'reviewed', op: 'eq', value: false })).toThrow(TypeError);
    expect(() => {
      first.pagination.pageNumber = 2;
    }).toThrow(TypeError);
  });

  it('keeps refusing a query that failed, and checks the same text against each whitelist', () => {
    const text = JSON.stringify({ joinedLoads: ['auscultations'] });
    expect(() => parseListQuery(text, whitelist)).toThrow('Joined load auscultations is not allowed.');
    expect(() => parseListQuery(text, whitelist)).toThrow('Joined load auscultations is not allowed.');
    const wider: ListWhitelist = { ...whitelist, joinedLoads: ['auscultations'] };
    expect(parseListQuery(text, wider).joinedLoads).toEqual(['auscultations']);
    expect(() => parseListQuery(text, whitelist)).toThrow('Joined load auscultations is not allowed.');
  });
});
