import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOCS_PATH, generateApiDocs } from '../../scripts/gen-api-docs.js';

describe('docs/api.md', () => {
  it('is what npm run docs:api generates from the current routes (regenerate it when this fails)', async () => {
    expect(readFileSync(API_DOCS_PATH, 'utf8')).toBe(await generateApiDocs());
  });
});
