// Pix BR Code "copia e cola" (EMV QR Code MPM, Manual do BR Code of the Banco Central do Brasil):
// TLV fields and a CRC16-CCITT (poly 0x1021, init 0xFFFF) over everything up to "6304".
import QRCode from 'qrcode';

/** CRC16-CCITT-FALSE as the BR Code asks, four uppercase hex digits. */
export function crc16ccitt(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tlv(id: string, value: string): string {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new Error(`Pix field ${id} is longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** The BR Code fields are ASCII; names and cities lose their accents and get cut to size. */
function ascii(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max);
}

export interface PixCodeInput {
  /** The receiver's Pix key (cpf, cnpj, e-mail, phone or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Omit for an open amount. */
  amountCents?: number;
  /** Transaction id, up to 25 letters and digits; `***` when none. */
  txid?: string;
  /** Point of initiation 12: the code is meant to be paid once. */
  singleUse?: boolean;
}

/** Builds the "copia e cola" text; its QR code encodes the same text. */
export function buildPixCode(input: PixCodeInput): string {
  const txid = input.txid ? input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***' : '***';
  const fields = [
    tlv('00', '01'),
    input.singleUse ? tlv('01', '12') : '',
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', input.key)),
    tlv('52', '0000'),
    tlv('53', '986'),
    input.amountCents !== undefined ? tlv('54', (input.amountCents / 100).toFixed(2)) : '',
    tlv('58', 'BR'),
    tlv('59', ascii(input.merchantName, 25) || 'Igreja'),
    tlv('60', ascii(input.merchantCity, 15) || 'Brasil'),
    tlv('62', tlv('05', txid)),
  ].join('');
  const withCrcId = `${fields}6304`;
  return withCrcId + crc16ccitt(withCrcId);
}

/** True when the code ends in a CRC that matches the rest. */
export function hasValidPixCrc(code: string): boolean {
  return /6304[0-9A-F]{4}$/.test(code) && crc16ccitt(code.slice(0, -4)) === code.slice(-4);
}

/** The QR code of a Pix code, as an SVG document (drawn by the page, no script needed). */
export function pixQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** spec §9: a Pix code is valid until a given hour and day; ours for one hour. */
export const PIX_VALIDITY_MINUTES = 60;

export function pixExpiry(now: Date): Date {
  return new Date(now.getTime() + PIX_VALIDITY_MINUTES * 60_000);
}
