/** Tokens made from a good `token` that every envelope decoder must refuse, by what was done to them. */
export function tamperedTokens(token: string): [string, string][] {
  const [version, iv, ct, mac] = token.split('.') as [string, string, string, string];
  const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
  return [
    ['a changed ciphertext', [version, iv, flip(ct, 3), mac].join('.')],
    ['a changed IV', [version, flip(iv, 0), ct, mac].join('.')],
    ['a changed MAC', [version, iv, ct, flip(mac, 5)].join('.')],
    ['another version', ['v2', iv, ct, mac].join('.')],
    ['a missing part', [version, iv, ct].join('.')],
    ['an empty token', ''],
    ['plain JSON', '{"data":1}'],
    ['characters outside base64url', [version, iv, ct, `${mac}=`].join('.')],
  ];
}
