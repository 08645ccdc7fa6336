import { type IdPrefix, isId } from '../../store/ids.js';
import { apiError } from '../errors.js';

/** 400 naming the path parameter when `id` is not `<prefix>_` + 32 hex characters. */
export function checkId(prefix: IdPrefix, name: string, id: string): void {
  if (!isId(prefix, id)) throw apiError('UXK_ERR_INVALID_PARAMETER', name, `expected ${prefix}_ followed by 32 hex characters`);
}
