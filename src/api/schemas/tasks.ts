import { Type } from '@sinclair/typebox';
import { DataSourceSchema, ListQuerySchema, StatusSchema, StatusTransitionSchema } from './builds.js';

const Nullable = <T extends ReturnType<typeof Type.Integer>>(schema: T) => Type.Union([schema, Type.Null()]);

export const TaskSchema = Type.Object({
  TaskID: Type.String(),
  BuildID: Type.String(),
  Owner: Type.String(),
  Status: StatusSchema,
  StatusTransitions: Type.Array(StatusTransitionSchema),
  Arguments: Type.String(),
  DataSources: Type.Array(DataSourceSchema),
  CreatedAt: Type.Integer({ description: 'Unix seconds' }),
  StartedAt: Nullable(Type.Integer({ description: 'Unix seconds' })),
  UpdatedAt: Type.Integer({ description: 'Unix seconds' }),
  FinishedAt: Nullable(Type.Integer({ description: 'Unix seconds' })),
  Stats: Type.Union([Type.Object({
    ExecutionTimeInMilliseconds: Type.Number(),
    ProcessorTime: Type.Number({ description: 'CPU seconds of all processes' }),
    Runs: Type.Integer(),
    DivergentRuns: Type.Integer(),
  }), Type.Null()]),
  ExitCode: Nullable(Type.Integer()),
  Signal: Nullable(Type.Integer()),
  Seed: Type.Union([Type.String(), Type.Null()]),
}, { $id: 'Task' });

export const TaskListItemSchema = Type.Object({
  TaskID: Type.String(),
  Owner: Type.String(),
  CreatedAt: Type.Integer({ description: 'Unix seconds' }),
}, { $id: 'TaskListItem' });

export const TaskListQuery = Type.Object({
  ...ListQuerySchema.properties,
  noexpand: Type.Optional(Type.String({ description: 'Only the exact string true lists TaskListItem entries' })),
});

export const TaskList = Type.Object({
  UserID: Type.String(),
  Count: Type.Integer({ minimum: 0 }),
  ContinuationKey: Type.Optional(Type.String()),
  Tasks: Type.Array(Type.Union([Type.Ref('Task'), Type.Ref('TaskListItem')])),
});

export const TaskIdParams = Type.Object({ TaskID: Type.String() });

export const TaskStreamParams = Type.Object({
  TaskID: Type.String(),
  Stream: Type.String({ description: 'Stdout or Stderr' }),
});

export const TaskOutputs = Type.Object({
  Stdout: Type.String({ description: 'Presigned URL' }),
  Stderr: Type.String({ description: 'Presigned URL' }),
});
