import { Type } from '@sinclair/typebox';
import { StringEnum } from './StringEnum.js';

export const TaskIdParams = Type.Object({ TaskID: Type.String() });

export const ValueParams = Type.Object({
  TaskID: Type.String(),
  ValueID: Type.String(),
});

export const TaskValueSchema = Type.Object({
  ValueID: Type.String({ description: 'val_ followed by 32 hex characters' }),
  Source: Type.Union([Type.Literal('output'), Type.Literal('trace')], {
    description: 'output: a number the program printed (as <particle><ValueID>ID</ValueID>); trace: a TraceVariables expression',
  }),
  File: Type.Union([Type.String(), Type.Null()]),
  LineNumber: Type.Union([Type.Integer(), Type.Null()]),
  Expression: Type.Union([Type.String(), Type.Null()]),
  SampleCount: Type.Integer({ description: 'Number of recorded samples (one per run that recorded it)' }),
  Mean: Type.Union([Type.Number(), Type.Null()], { description: 'Mean of the samples; null when not finite' }),
}, { $id: 'TaskValue' });

export const TaskValueList = Type.Object({
  TaskID: Type.String(),
  Count: Type.Integer(),
  Values: Type.Array(Type.Ref('TaskValue')),
});

export const ValueSamplesQuery = Type.Object({
  count: Type.Optional(Type.String({ description: 'Samples to return, 1..10000 (larger values are capped at 10000; default 10000)' })),
  continuationToken: Type.Optional(Type.String({ description: 'ContinuationToken of the previous batch' })),
});

export const ValueSamplesResponse = Type.Object({
  Samples: Type.Array(Type.Union([Type.Number(), StringEnum(['NaN', 'Infinity', '-Infinity'] as const)]), {
    description: 'In recorded (run) order; NaN and infinities as the strings "NaN", "Infinity", "-Infinity"',
  }),
  Count: Type.Integer(),
  ContinuationToken: Type.Optional(Type.String({ description: 'Pass back to get the next batch; absent once the samples are exhausted' })),
});

export const ProgramVariableSchema = Type.Object({
  Name: Type.String(),
  Type: Type.String(),
  File: Type.String(),
  Line: Type.Integer(),
  Function: Type.Union([Type.String(), Type.Null()], { description: 'Enclosing function; null for a global' }),
});

export const BuildVariables = Type.Object({
  BuildID: Type.String(),
  Count: Type.Integer(),
  Variables: Type.Array(ProgramVariableSchema),
});
