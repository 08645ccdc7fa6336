import { Type } from '@sinclair/typebox';
import { TIERS } from '../../store/tiers.js';
import { StringEnum } from './StringEnum.js';

export const UserSchema = Type.Object({
  UserID: Type.String(),
  Name: Type.String(),
  Tier: StringEnum(TIERS),
  CreatedAt: Type.Integer({ description: 'Unix seconds' }),
});
