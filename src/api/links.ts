import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PresignOptions {
  /** Content-Type the link serves the bytes with. */
  contentType: string;
  /** Seconds until the link expires (default: the server's linkExpiresIn, one hour). */
  expiresIn?: number;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/**
 * HMAC-SHA256 signatures of download links: the signature covers the blob reference, the
 * expiry (Unix seconds) and the content type, so none of them can be changed.
 */
export class LinkSigner {
  readonly #key: Buffer;

  constructor(key: string) {
    this.#key = Buffer.from(key, 'hex');
  }

  #mac(ref: string, expires: string, type: string): Buffer {
    return createHmac('sha256', this.#key).update(`${ref}\n${expires}\n${type}`).digest();
  }

  /** The query string (no '?') of a link to `ref` valid until `expires`. */
  query(ref: string, contentType: string, expires: number): string {
    const signature = this.#mac(ref, String(expires), contentType).toString('base64url');
    return `expires=${expires}&type=${encodeURIComponent(contentType)}&signature=${signature}`;
  }

  check(ref: string, query: { expires?: string; type?: string; signature?: string }, nowSeconds: number): LinkCheck {
    const { expires, type, signature } = query;
    if (expires === undefined || type === undefined || signature === undefined || !/^\d{1,12}$/.test(expires)) {
      return 'invalid';
    }
    const given = Buffer.from(signature, 'base64url');
    const expected = this.#mac(ref, expires, type);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) < nowSeconds ? 'expired' : 'valid';
  }
}
