import { isStatus, STATUSES, type Status } from '../../store/jobStatus.js';
import { type ListKey, parseListKey } from '../../store/listKey.js';
import { apiError } from '../errors.js';

export interface RawListQuery {
  status?: string | string[] | undefined;
  startKey?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit?: string | undefined;
}

export interface ParsedListQuery {
  statuses: Status[];
  after?: ListKey;
  fromMs?: number;
  toMs?: number;
  limit: number;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A date-time as [first ms, last ms] of what it names: `2025-01-01` covers the whole day,
 * `...T10:00:05Z` the whole second, so that inclusive bounds include what a client sees.
 */
function timeSpan(name: string, text: string): [number, number] {
  const m = DATE_TIME.exec(text);
  const ms = m === null ? Number.NaN : Date.parse(m[2] === undefined ? `${m[1]}T00:00:00Z` : m[5] === undefined ? `${text}Z` : text);
  if (m === null || !Number.isFinite(ms)) {
    throw apiError('UXK_ERR_INVALID_PARAMETER', name, `expected an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z, got '${text}'`);
  }
  const digits = m[4]?.length ?? 0;
  const width = m[2] === undefined ? 86_400_000 : m[3] === undefined ? 60_000 : digits === 0 ? 1000 : digits >= 3 ? 1 : 10 ** (3 - digits);
  return [ms, ms + width - 1];
}

/**
 * The listing conventions of GET /tasks (spec section 4), shared by GET /builds: `status`
 * repeatable (unknown: 400), `startKey` exactly `<ISO ms Z>#<prefix>_<hex>` (else 400),
 * inclusive `from`/`to`, `limit` 1..max where omitted, non-numeric or too large gives max.
 */
export function parseListQuery(q: RawListQuery, idPrefix: string, maxLimit: number): ParsedListQuery {
  const given = q.status === undefined ? [] : Array.isArray(q.status) ? q.status : [q.status];
  const statuses: Status[] = [];
  for (const s of given) {
    if (!isStatus(s)) throw apiError('UXK_ERR_INVALID_PARAMETER', 'status', `'${s}' is not one of ${STATUSES.join(', ')}`);
    statuses.push(s);
  }
  const out: ParsedListQuery = { statuses, limit: maxLimit };
  if (q.startKey !== undefined) {
    const key = parseListKey(q.startKey, idPrefix);
    if (key === undefined) {
      throw apiError('UXK_ERR_INVALID_PARAMETER', 'startKey',
        `expected <ISO 8601 UTC time with milliseconds and Z>#${idPrefix}_<hex> (a ContinuationKey), got '${q.startKey}'`);
    }
    out.after = key;
  }
  if (q.from !== undefined) out.fromMs = timeSpan('from', q.from)[0];
  if (q.to !== undefined) out.toMs = timeSpan('to', q.to)[1];
  if (q.limit !== undefined && /^\s*\d+\s*$/.test(q.limit)) {
    const n = Number(q.limit);
    if (n < 1) throw apiError('UXK_ERR_INVALID_PARAMETER', 'limit', `must be from 1 to ${maxLimit}, got ${n}`);
    out.limit = Math.min(n, maxLimit);
  }
  return out;
}
