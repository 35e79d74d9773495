import fc from 'fast-check';
import { badText, badValue, extremeDates, prototypeKeys } from './bad-values.js';

const uuid = '00000000-0000-4000-8000-000000000000';
const ops = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like'];

/**
 * Filters that no resource's whitelist accepts, whatever resource it is: fields that are not
 * whitelisted anywhere (prototype keys and noise), and whitelisted field names with a value or an
 * operator that none of the resources that know the field accepts (dates JavaScript parses and
 * PostgreSQL refuses, empty `in` lists, ids that are not ids, text past 200 characters).
 */
const validShapedValue = fc.oneof(fc.constantFrom('x', uuid, 1, true, null), fc.constant(['x']));
const badFilter = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      field: fc.constantFrom(...prototypeKeys),
      op: fc.constantFrom(...ops),
      value: validShapedValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      field: fc.oneof(
        fc.constantFrom(...prototypeKeys),
        badText.filter((text) => text.length > 0),
      ),
      op: fc.constantFrom(...ops),
      value: badValue,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      field: fc.constant('dateCreated'),
      op: fc.constantFrom('gte', 'lte', 'gt', 'lt'),
      value: fc.oneof(fc.constantFrom(...extremeDates), badText, fc.integer()),
    }),
  },
  fc.record({ field: fc.constant('dateCreated'), op: fc.constantFrom('eq', 'in', 'like'), value: fc.constant(uuid) }),
  fc.record({
    field: fc.constantFrom('patientProfileId', 'healthcareProviderId', 'organizationId'),
    op: fc.constantFrom(...ops),
    value: fc.oneof(badText, fc.integer(), fc.constant([uuid]), fc.constant(true)),
  }),
  {
    weight: 3,
    arbitrary: fc.record({
      field: fc.constantFrom('type', 'patientProfileId', 'dateCreated', 'search'),
      op: fc.constant('in'),
      value: fc.constant([]),
    }),
  },
  fc.record({ field: fc.constant('type'), op: fc.constantFrom('like', 'lt', 'gte'), value: fc.constant('in-person') }),
  fc.record({ field: fc.constant('reviewed'), op: fc.constant('eq'), value: fc.oneof(badText, fc.integer()) }),
  {
    weight: 2,
    arbitrary: fc.record({
      field: fc.constantFrom('search', 'type'),
      op: fc.constantFrom('like', 'eq'),
      value: fc.oneof(
        fc.integer({ min: 201, max: 3000 }).map((n) => 'a'.repeat(n)),
        fc.constantFrom('a\u0000b', '\ud800', '\u0000'),
        fc.integer(),
        fc.constant([]),
      ),
    }),
  },
  fc.record({ field: fc.constant('search'), op: fc.constantFrom('eq', 'in', 'gt'), value: fc.constant('Ada') }),
  fc.record({ field: fc.constantFrom('patientProfileId', 'type'), op: badText, value: fc.constant(uuid) }),
);

type QueryObject = Record<string, unknown>;

/** A JSON object the list query schema or every whitelist refuses. */
const badQueryObject: fc.Arbitrary<QueryObject> = fc.oneof(
  { weight: 12, arbitrary: fc.array(badFilter, { minLength: 1, maxLength: 2 }).map((filters) => ({ filters })) },
  fc
    .record({ field: fc.oneof(fc.constantFrom(...prototypeKeys, 'password_hash'), badText), direction: badValue })
    .map((sort) => ({ sort: [sort] })),
  fc.record({ field: fc.constant('dateCreated'), direction: badText }).map((sort) => ({ sort: [sort] })),
  fc.oneof(fc.constantFrom(...prototypeKeys, 'password'), badText).map((load) => ({ joinedLoads: [load] })),
  fc
    .record({
      pageNumber: fc.oneof(fc.constantFrom(0, -1, 1.5, '1', null), fc.integer({ max: 0 })),
      pageSize: fc.constant(10),
    })
    .map((pagination) => ({ pagination })),
  fc
    .record({
      pageNumber: fc.constant(1),
      pageSize: fc.oneof(fc.constantFrom(0, 101, -5, 1e9, 2.5, '10'), fc.integer({ min: 101 })),
    })
    .map((pagination) => ({ pagination })),
  fc.record({ filters: badValue }).filter((query) => !Array.isArray(query.filters)),
  fc
    .oneof(fc.constantFrom(...prototypeKeys, 'where', 'limit'), badText)
    .map((key) => JSON.parse(`{${JSON.stringify(key)}: 1}`)),
  fc
    .array(fc.constant({ field: 'type', op: 'eq', value: 'live' }), { minLength: 21, maxLength: 25 })
    .map((filters) => ({
      filters,
    })),
);

/** `q` texts every list call refuses, each with what is wrong with it. */
export const badListQuery: fc.Arbitrary<{ q: string | string[]; defect: string }> = fc.oneof(
  { weight: 6, arbitrary: badQueryObject.map((query) => ({ q: JSON.stringify(query), defect: 'refused q' })) },
  {
    weight: 1,
    arbitrary: badQueryObject.map((query) => {
      const text = JSON.stringify(query);
      return { q: text.slice(0, Math.max(1, text.length - 2)), defect: 'truncated q' };
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(badText, fc.constantFrom('[]', '1', 'null', '"x"', 'true', '{', '{"filters":'))
      .filter((text) => {
        try {
          const parsed: unknown = JSON.parse(text);
          return parsed === null || typeof parsed !== 'object' || Array.isArray(parsed);
        } catch {
          return text.length > 0;
        }
      })
      .map((q) => ({ q, defect: 'q is not a JSON object' })),
  },
  { weight: 1, arbitrary: fc.constant({ q: JSON.stringify({ filters: [] }).padEnd(4001, ' '), defect: 'q too long' }) },
  {
    weight: 1,
    arbitrary: fc.constant({ q: ['{}', '{}'], defect: 'q given twice' } as { q: string | string[]; defect: string }),
  },
);
