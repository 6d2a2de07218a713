import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const SHA256 = '2.16.840.1.101.3.4.2.1';
/** How long a download waits for the timestamp authority before it is served without a timestamp. */
const TSA_TIMEOUT_MS = 5000;

/**
 * An RFC 3161 timestamp token over `data` (the signature value, for PAdES B-T), from the
 * operator's timestamp authority. The answer is checked against the request (imprint and nonce),
 * so a wrong or replayed answer is never embedded.
 */
export async function fetchTimestampToken(tsaUrl: string, data: Uint8Array): Promise<Buffer> {
  const imprint = crypto.createHash('sha256').update(data).digest();
  const nonce = crypto.randomBytes(8);
  nonce[0] = nonce[0]! & 0x7f || 1; // a positive INTEGER in its shortest form, as the answer echoes it
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: imprint }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  const res = await fetch(tsaUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/timestamp-query' },
    body: Buffer.from(request.toSchema().toBER()),
    signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`the timestamp authority answered HTTP ${res.status}`);
  const answer = pkijs.TimeStampResp.fromBER(await res.arrayBuffer());
  const granted = answer.status.status === 0 || answer.status.status === 1;
  if (!granted || !answer.timeStampToken)
    throw new Error(`the timestamp authority refused (PKIStatus ${answer.status.status})`);
  const signed = new pkijs.SignedData({ schema: answer.timeStampToken.content });
  const eContent = signed.encapContentInfo.eContent;
  if (!eContent) throw new Error('the timestamp token carries no TSTInfo');
  const info = pkijs.TSTInfo.fromBER(eContent.getValue());
  const sameImprint = Buffer.from(info.messageImprint.hashedMessage.getValue()).equals(imprint);
  const sameNonce = info.nonce !== undefined && Buffer.from(info.nonce.valueBlock.valueHexView).equals(nonce);
  if (!sameImprint || !sameNonce) throw new Error('the timestamp token does not answer this request');
  return Buffer.from(answer.timeStampToken.toSchema().toBER());
}
