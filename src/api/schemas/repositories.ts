import { type Static, Type } from '@sinclair/typebox';
import { BuildSchema, DataSourceSchema, TraceVariableSchema } from './builds.js';

const text = (description: string, maxLength = 2048) => Type.String({ maxLength, description });

const fields = {
  RemoteURL: text('git remote: https://, http://, git://, ssh://, file:// or user@host:path'),
  Branch: text('Branch to build', 255),
  Commit: text('HEAD (the tip of Branch) or a commit hash on Branch', 64),
  BuildDirectory: text("Folder with the sources, relative to the repository root ('' is the root)", 1024),
  Arguments: Type.String({ maxLength: 65536, description: 'Default arguments of tasks, split like a shell would' }),
  Core: Type.String({ description: 'CoreID of the default core of builds' }),
  DataSources: Type.Array(DataSourceSchema, { maxItems: 5 }),
  TraceVariables: Type.Array(TraceVariableSchema, { maxItems: 256 }),
};

export const RepositorySchema = Type.Object({
  RepositoryID: Type.String({ description: 'rep_ followed by 32 hex characters' }),
  Owner: Type.String(),
  ...fields,
  Core: Type.String({ description: 'CoreID; the default build core (C0-XS) when none was set' }),
  CreatedAt: Type.Integer({ description: 'Unix seconds' }),
  UpdatedAt: Type.Integer({ description: 'Unix seconds' }),
}, { $id: 'Repository' });

export const RepositoryPost = Type.Object({
  RemoteURL: fields.RemoteURL,
  Branch: fields.Branch,
  Commit: Type.Optional(text('HEAD (default: the tip of Branch) or a commit hash on Branch', 64)),
  BuildDirectory: Type.Optional(text("Folder with the sources (default 'src'), relative to the repository root", 1024)),
  Arguments: fields.Arguments,
  Core: Type.Optional(fields.Core),
  DataSources: Type.Optional(fields.DataSources),
  TraceVariables: Type.Optional(fields.TraceVariables),
});
export type RepositoryPostBody = Static<typeof RepositoryPost>;

export const RepositoryPatch = Type.Partial(Type.Object(fields), {
  description: 'Editable fields; at least one must differ from the current value (ignored when ?remove is given)',
});
export type RepositoryPatchBody = Static<typeof RepositoryPatch>;

export const RepositoryIdParams = Type.Object({ RepositoryID: Type.String() });

export const RepositoryListQuery = Type.Object({
  startKey: Type.Optional(Type.String({ description: 'The ContinuationKey (a RepositoryID) of the previous page' })),
});

export const RepositoryList = Type.Object({
  UserID: Type.String(),
  Repositories: Type.Array(Type.Ref('Repository')),
  Count: Type.Integer({ minimum: 0 }),
  ContinuationKey: Type.Optional(Type.String({ description: 'RepositoryID; absent when there are no more results' })),
});

export const RepositoryPatchQuery = Type.Object({
  remove: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], {
    description: 'Repeatable: DataSources, Core, TraceVariables (other names ignored); resets them to their defaults',
  })),
});

export const LookupQuery = Type.Object({
  remoteURL: Type.Optional(Type.String({ description: 'Required' })),
  branch: Type.Optional(Type.String({ description: 'Required' })),
});

export const LookupResult = Type.Object({ RepositoryID: Type.String() });

export const RepositoryBuildPost = Type.Object({
  CoreID: Type.Optional(Type.String({ description: "Default: the repository's Core" })),
  Core: Type.Optional(Type.String({ description: 'Alias of CoreID' })),
  TraceVariables: Type.Optional(fields.TraceVariables),
  DataSources: Type.Optional(Type.Array(DataSourceSchema, { maxItems: 5, description: '0 to 5 items' })),
  Arguments: Type.Optional(fields.Arguments),
  IsPublic: Type.Optional(Type.Unknown({ description: 'Only the literal true makes the build public' })),
});
export type RepositoryBuildPostBody = Static<typeof RepositoryBuildPost>;

export const RepositoryBuildQuery = Type.Object({
  DiscoverVariables: Type.Optional(Type.String({ description: 'Only the exact string true enables; recorded on the build' })),
});

export const RepositoryBuildsQuery = Type.Object({
  startKey: Type.Optional(Type.String({ description: '<ISO 8601 UTC with milliseconds>Z#<BuildID>: the previous ContinuationKey' })),
  from: Type.Optional(Type.String({ description: 'date-time; inclusive lower bound on creation time' })),
  to: Type.Optional(Type.String({ description: 'date-time; inclusive upper bound on creation time' })),
});

export const RepositoryBuildList = Type.Object({
  RepositoryID: Type.String(),
  // The Build object inline: its $id schema belongs to the builds group's plugin scope.
  Builds: Type.Array(Type.Object(BuildSchema.properties, { description: 'A Build, as GET /builds/{BuildID} returns it' })),
  Count: Type.Integer({ minimum: 0 }),
  ContinuationKey: Type.Optional(Type.String()),
});
