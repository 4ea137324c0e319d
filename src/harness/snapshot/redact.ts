// What a snapshot must not publish: this trial's canaries and anything that looks like a credential. The patterns are
// deliberately few and specific (well-known token prefixes, PEM private keys, long bearer tokens): a solution's own
// test strings mostly survive, a real key an agent pasted does not. A redacted file no longer hashes to its `sha256`
// (which is of the bytes as found), and a re-run uses the redacted text.
const PATTERNS: readonly RegExp[] = [
  /mcpfs-canary-[0-9a-f]{24}/g, // any trial's canary, not only this one's
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----/g,
  /\bsk-ant-[A-Za-z0-9_-]{16,}/g, // Anthropic
  /\bsk-[A-Za-z0-9_-]{20,}/g, // OpenAI and look-alikes (sk-proj-…)
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{30,}/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /\bAIza[0-9A-Za-z_-]{35}/g, // Google API keys
  /(?<=\bBearer\s+)[A-Za-z0-9._~+/=-]{24,}/g, // a long bearer token (the word "Bearer" stays)
];

export const REDACTED = '[redacted]';

/** Replace the values in `secrets` and every credential-looking string; count the replacements. */
export function redact(text: string, secrets: readonly string[] = []): { text: string; count: number } {
  let count = 0;
  let out = text;
  for (const s of secrets) {
    if (s === '' || !out.includes(s)) continue;
    const parts = out.split(s);
    count += parts.length - 1;
    out = parts.join(REDACTED);
  }
  for (const re of PATTERNS)
    out = out.replace(re, () => {
      count++;
      return REDACTED;
    });
  return { text: out, count };
}
