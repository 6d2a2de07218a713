import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => crypto.createHash('sha256').update(b).digest();

/**
 * A passkey in software (ES256, attestation "none", user verified): what a phone's authenticator
 * answers, so the API tests can enrol and sign in without a browser.
 */
export function softPasskey(origin: string) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const id = crypto.randomBytes(16);
  let counter = 0;

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // User present (0x01) and verified (0x04); 0x40 when the credential follows.
  const authData = (flags: number, extra: Uint8Array = new Uint8Array()) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };

  return {
    id: b64url(id),
    /** The answer to registration options. */
    register(options: { challenge: string }) {
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(0x45, attested)],
        ]) as never,
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** The answer to authentication options (the signature counter grows each time). */
    authenticate(options: { challenge: string }) {
      counter += 1;
      const data = authData(0x05);
      const client = clientData('webauthn.get', options.challenge);
      const signature = crypto.sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
