// Pinned exactly in package.json (2.4.0): the BR Code is money moving to the newsroom; a new version is read and its
// tests run before it is taken. Zero dependencies, tree-shakeable, maintained (Sept. 2026), and it follows the
// Bacen's BR Code manual: DICT key forms, ASCII folding and the 25/15-character limits, two decimals, CRC16-CCITT.
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
// Pinned exactly (0.1.3): unjs' universal QR encoder (Node, Workers, browsers), SVG out, no DOM or canvas.
import { renderSVG } from 'uqr';

// A Pix code for one intent (docs/decisions/0054): the 'Pix Copia e Cola' payload and its QR code as an SVG, made on
// the server. The receiver comes from the newsroom's settings only; the amount and the transaction id from the
// intent the database recorded.

export interface PixReceiver {
  key: string;
  name: string;
  city: string;
}

export interface PixCode {
  /** The BR Code ('Pix Copia e Cola'). */
  payload: string;
  /** The QR code of the payload, an SVG document's markup. */
  svg: string;
}

/**
 * The BR Code manual asks for error correction level M and a quiet zone of 4 modules around the symbol, so a bank
 * app's camera reads it off a phone screen or paper.
 */
export const QR_ERROR_CORRECTION = 'M';
export const QR_QUIET_ZONE_MODULES = 4;

/** The payload for exactly `amountCents` with `txid`, or null when the receiver cannot be encoded (then no code shows). */
export function pixPayload(receiver: PixReceiver, amountCents: number, txid: string): string | null {
  return generatePixPayload({
    key: receiver.key,
    merchantName: receiver.name,
    merchantCity: receiver.city,
    amount: amountCents / 100,
    txid,
  });
}

export function pixCode(receiver: PixReceiver, amountCents: number, txid: string): PixCode | null {
  const payload = pixPayload(receiver, amountCents, txid);
  if (!payload) return null;
  // One unit per module keeps the markup small (it travels in the page and its hydration data); the page scales it, and
  // crisp edges keep every module a sharp square at any size.
  const svg = renderSVG(payload, { ecc: QR_ERROR_CORRECTION, border: QR_QUIET_ZONE_MODULES, pixelSize: 1 }).replace('<svg ', '<svg shape-rendering="crispEdges" ');
  return { payload, svg };
}
