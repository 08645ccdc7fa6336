import { Type } from '@sinclair/typebox';

export const KeyIdParams = Type.Object({
  KeyID: Type.String({ description: 'key_ + 32 hex characters' }),
});

export const KeyPost = Type.Object({
  Name: Type.Optional(Type.String({ maxLength: 200, description: 'A label to tell keys apart' })),
}, { description: 'All fields optional; the body may be empty' });

export const KeyInfoSchema = Type.Object({
  Object: Type.Literal('Key'),
  KeyID: Type.String(),
  Name: Type.String(),
  Prefix: Type.String({ description: 'The first 12 characters of the key' }),
  CreatedAt: Type.Integer({ description: 'Unix seconds' }),
  Revoked: Type.Boolean(),
  RevokedAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
});

export const KeyCreated = Type.Object({
  ...KeyInfoSchema.properties,
  Key: Type.String({ description: 'The API key itself: shown only in this response' }),
});

export const KeyList = Type.Object({
  UserID: Type.String(),
  Keys: Type.Array(KeyInfoSchema),
  Count: Type.Integer({ minimum: 0 }),
});
