import { type Static, Type } from '@sinclair/typebox';
import {
  CORE_CLASSES, CORRELATION_TRACKING, MAX_MEMORY_SIZE, MAX_PRECISION, MICROARCHITECTURES, MIN_MEMORY_SIZE,
} from '../../store/coreSpec.js';
import { StringEnum } from './StringEnum.js';

const fields = {
  Name: Type.String({ minLength: 1, maxLength: 128 }),
  Class: StringEnum(CORE_CLASSES),
  Microarchitecture: StringEnum(MICROARCHITECTURES),
  CorrelationTracking: StringEnum(CORRELATION_TRACKING),
  MemorySize: Type.Integer({ minimum: MIN_MEMORY_SIZE, maximum: MAX_MEMORY_SIZE, description: 'Bytes' }),
  Precision: Type.Integer({
    minimum: 1, maximum: MAX_PRECISION,
    description: 'Dirac deltas per value (a power of two on Athens, Zurich, Atlas, Jupiter); re-executions on Reference',
  }),
};

export const CoreSchema = Type.Object({
  Object: Type.Literal('Core'),
  CoreID: Type.String(),
  Owner: Type.String(),
  CreatedAt: Type.Integer({ description: 'Unix seconds' }),
  UpdatedAt: Type.Integer({ description: 'Unix seconds' }),
  ...fields,
}, { $id: 'Core' });

export const CorePost = Type.Object({
  Name: fields.Name,
  Class: fields.Class,
  Microarchitecture: fields.Microarchitecture,
  CorrelationTracking: Type.Optional(StringEnum(CORRELATION_TRACKING, { description: 'Default Disable' })),
  MemorySize: Type.Optional(Type.Integer({
    minimum: MIN_MEMORY_SIZE, maximum: MAX_MEMORY_SIZE, description: 'Bytes; default 536870912 (512 MiB), capped by the tier',
  })),
  Precision: fields.Precision,
});

export const CorePatch = Type.Partial(Type.Object(fields), {
  description: 'Any editable fields; at least one must differ from the current value',
});

export const CoreIdParams = Type.Object({ CoreID: Type.String() });

export const CoreQuery = Type.Object({
  default: Type.Optional(Type.String({
    description: 'Presence flag: present with any value (even false) selects default cores; absent selects custom cores',
  })),
});

export const CoreListQuery = Type.Object({
  ...CoreQuery.properties,
  startKey: Type.Optional(Type.String({ description: 'The ContinuationKey (a CoreID) of the previous page' })),
});

export const CoreList = Type.Object({
  UserID: Type.String(),
  Cores: Type.Array(Type.Ref('Core')),
  Count: Type.Integer({ minimum: 0 }),
  ContinuationKey: Type.Optional(Type.String({ description: 'CoreID; absent when there are no more results' })),
});

/** Body types from @sinclair/typebox (the type provider resolves enums to unknown). */
export type CorePostBody = Static<typeof CorePost>;
export type CorePatchBody = Static<typeof CorePatch>;
