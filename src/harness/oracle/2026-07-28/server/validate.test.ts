import { describe, expect, it } from 'vitest';
import { RpcError } from './respond.ts';
import { Validator } from './validate.ts';

// The official suite (http-custom-header-server-validation) sends a sentinel value with broken padding; a lenient
// decoder would read it as the body's value and serve the call.
describe('2026-07-28 oracle header value decoding', () => {
  const v = new Validator();
  const rejects = (value: string) => {
    try {
      v.decode(value);
    } catch (e) {
      return e instanceof RpcError ? `${e.status} ${e.code}` : String(e);
    }
    return 'accepted';
  };
  it('decodes canonical Base64 of UTF-8 and leaves plain values alone', () => {
    expect(v.decode('=?base64?5p2x5Lqs?=')).toBe('東京');
    expect(v.decode('=?base64?SGVsbG8sIOS4lueVjA==?=')).toBe('Hello, 世界');
    expect(v.decode('us-west1')).toBe('us-west1');
  });
  it('rejects missing padding, characters outside the alphabet and bytes that are not UTF-8 with 400 / -32020', () => {
    expect(rejects('=?base64?SGVsbG8?=')).toBe('400 -32020');
    expect(rejects('=?base64?SGVs*G8=?=')).toBe('400 -32020');
    expect(rejects('=?base64?/w==?=')).toBe('400 -32020');
  });
});
