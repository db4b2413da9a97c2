import { parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { pixCode, pixPayload } from './pix-code';

// The code as a bank app reads it: pix-utils (an independent BR Code parser, a devDependency) checks the CRC16 and
// reads the receiver, the amount and the transaction id back.

const receiver = { key: '11222333000181', name: 'Porto Ferreira Noticias', city: 'Porto Ferreira' };

describe('pixPayload', () => {
  it.each([
    [100, 1],
    [2500, 25],
    [1234, 12.34],
    [500_000, 5000],
  ])('%i centavos is a code for exactly R$ %d', (cents, reais) => {
    const payload = pixPayload(receiver, cents, 'ABCDEFGHIJKLMNOPQRSTUVWXY');
    expect(parsePix(payload ?? '')).toMatchObject({
      type: 'STATIC',
      pixKey: receiver.key,
      merchantName: receiver.name,
      merchantCity: receiver.city,
      transactionAmount: reais,
      txid: 'ABCDEFGHIJKLMNOPQRSTUVWXY',
    });
  });

  it('folds accents and keeps the BR Code limits for a receiver typed by hand', () => {
    const payload = pixPayload({ key: 'apoie@exemplo.com.br', name: 'Associação dos Jornalistas de Porto Ferreira', city: 'São José do Rio Pardo' }, 1000, 'TXID1');
    expect(parsePix(payload ?? '')).toMatchObject({ merchantName: 'Associacao dos Jornalista', merchantCity: 'Sao Jose do Rio' });
  });

  it('refuses what cannot be a code rather than make a wrong one', () => {
    expect(pixPayload({ ...receiver, key: 'not a key' }, 1000, 'TXID1')).toBeNull();
    expect(pixPayload(receiver, 1000, 'with-a-dash')).toBeNull();
    expect(pixPayload(receiver, 1000, 'A'.repeat(26))).toBeNull();
  });
});

describe('pixCode', () => {
  it('draws the QR code as an SVG of squares with a 4-module quiet zone, no script', () => {
    const code = pixCode(receiver, 2500, 'ABCDEFGHIJKLMNOPQRSTUVWXY');
    expect(code?.svg).toMatch(/^<svg shape-rendering="crispEdges" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) \1">/);
    expect(code?.svg).not.toMatch(/script|on\w+=|href/i);
    // The first dark module (the finder pattern's corner) sits 4 modules in: the quiet zone.
    expect(code?.svg).toMatch(/<path[^>]* d="M4,4h1v1h-1z/);
  });
});
