import { type Static, Type } from '@sinclair/typebox';
import { STATUSES } from '../../store/jobStatus.js';
import { StringEnum } from './StringEnum.js';

export const LANGUAGES = ['C', 'C++', 'Fortran'] as const;
export const RESOURCE_TYPES = ['Gateway', 'Bucket', 'PlatformCloudStorage'] as const;

export const TraceVariableSchema = Type.Object({
  File: Type.String({ minLength: 1, maxLength: 1024 }),
  LineNumber: Type.Integer({ minimum: 1 }),
  Expression: Type.String({ minLength: 1, maxLength: 4096 }),
}, { additionalProperties: false });

export const DataSourceSchema = Type.Object({
  ResourceID: Type.String({ minLength: 1 }),
  ResourceType: StringEnum(RESOURCE_TYPES),
  Location: Type.String(),
}, { additionalProperties: false });

export const StatusSchema = StringEnum(STATUSES);

export const StatusTransitionSchema = Type.Object({
  Status: StatusSchema,
  Timestamp: Type.Integer({ description: 'Unix seconds' }),
  Message: Type.String(),
});

export const SourceBuildPost = Type.Object({
  Code: Type.String({ minLength: 1, description: 'The program (one source file)' }),
  Language: StringEnum(LANGUAGES),
  CoreID: Type.Optional(Type.String({ description: 'Default: the lowest-precision Athens C0 core (C0-XS)' })),
  Core: Type.Optional(Type.String({ description: 'Alias of CoreID (seen in some clients)' })),
  TraceVariables: Type.Optional(Type.Array(TraceVariableSchema, { maxItems: 256 })),
  DataSources: Type.Optional(Type.Array(DataSourceSchema, { maxItems: 5 })),
  Arguments: Type.Optional(Type.String({ maxLength: 65536, description: 'Default arguments of tasks, split like a shell would' })),
  IsPublic: Type.Optional(Type.Unknown({ description: 'Only the literal true makes the build public' })),
});
export type SourceBuildPostBody = Static<typeof SourceBuildPost>;

export const BuildCreated = Type.Object({ BuildID: Type.String() });

export const BuildSchema = Type.Object({
  BuildID: Type.String(),
  Owner: Type.String(),
  Status: StatusSchema,
  StatusTransitions: Type.Array(StatusTransitionSchema),
  Application: Type.Object({
    Type: Type.String({ description: 'SourceCode or Repository' }),
    SourceCode: Type.Optional(Type.Object({ Code: Type.String(), Language: Type.String() })),
    Repository: Type.Optional(Type.Object({}, { additionalProperties: true })),
  }),
  BuildCoreSpecs: Type.Object({
    CoreID: Type.String(), Name: Type.String(), Class: Type.String(), Microarchitecture: Type.String(),
    CorrelationTracking: Type.String(), MemorySize: Type.Integer(), Precision: Type.Integer(),
  }),
  TraceVariables: Type.Array(TraceVariableSchema),
  DataSources: Type.Array(DataSourceSchema),
  Arguments: Type.String(),
  IsPublic: Type.Boolean(),
  Stats: Type.Union([
    Type.Object({ BuildTimeInMilliseconds: Type.Integer(), BuildSizeInBytes: Type.Integer() }),
    Type.Null(),
  ]),
  CreatedAt: Type.Integer({ description: 'Unix seconds' }),
  UpdatedAt: Type.Integer({ description: 'Unix seconds' }),
}, { $id: 'Build' });

export const BuildIdParams = Type.Object({ BuildID: Type.String() });

export const BuildOutputs = Type.Object({
  Build: Type.String({ description: 'Presigned URL of the build output (compiler log)' }),
});

/** Listing query of GET /builds and GET /tasks (spec section 4; parsed by routes/listQuery.ts). */
export const ListQuerySchema = Type.Object({
  status: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description: 'Repeatable Status filter' })),
  startKey: Type.Optional(Type.String({ description: '<ISO 8601 UTC with milliseconds>Z#<id>: the previous ContinuationKey' })),
  from: Type.Optional(Type.String({ description: 'date-time; inclusive lower bound on creation time' })),
  to: Type.Optional(Type.String({ description: 'date-time; inclusive upper bound on creation time (to its precision)' })),
  limit: Type.Optional(Type.String({ description: 'Page size 1..500; omitted, non-numeric or too large: the maximum' })),
});

export const BuildList = Type.Object({
  UserID: Type.String(),
  Builds: Type.Array(Type.Ref('Build')),
  Count: Type.Integer({ minimum: 0 }),
  ContinuationKey: Type.Optional(Type.String()),
});

export const TaskOverrides = Type.Object({
  Arguments: Type.Optional(Type.String({ maxLength: 65536, description: "Overrides the build's Arguments" })),
  DataSources: Type.Optional(Type.Array(DataSourceSchema, { maxItems: 5, description: "Overrides the build's DataSources" })),
});
export type TaskOverridesBody = Static<typeof TaskOverrides>;

export const TaskCreated = Type.Object({ TaskID: Type.String() });
