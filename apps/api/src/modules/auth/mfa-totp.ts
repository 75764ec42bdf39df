import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../platform/crypto';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;

const totp = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps take it typed in. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The setup's otpauth:// link and the same as a QR code (an SVG data URL the portal shows as an image). */
export async function setupCodes(secret: string, label: string, issuer: string) {
  const url = totp(secret, label, issuer).toString();
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { otpauth_url: url, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a code belongs to when it is the current one or one step either side (clocks drift), else null.
 * The caller refuses a step at or before the last one used, so a code works once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of 10 base32 characters (50 random bits each), shown as `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of its normalised form (the contract strips case and dashes). */
export const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[\s-]+/g, ''));
