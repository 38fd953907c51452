'use strict';
/**
 * What the payer needs to pay a new charge: the reference lists the charge's fields and says "Fields of the charge
 * record beyond those listed are not shown", so a platform adds such fields under names of its own. The sandbox's
 * behaviour, its names chosen after what Brazilian payment APIs commonly return:
 * - pix: `pix.copy_paste` (the "copia e cola" code, an EMV payload ending in its CRC16), `pix.qr_code_url`,
 *   `pix.expires_at` (one hour after creation);
 * - boleto: `boleto.digitable_line` (the 47 digits as banks print them), `boleto.barcode` (44 digits),
 *   `boleto.pdf_url`, `boleto.due_date` (three days after creation);
 * - credit or debit card: `card.authorization_code` (six digits), beside the card summary the charge keeps.
 * The values are derived from the charge's id and amount, so a replayed answer is the same answer.
 */

const PIX_TTL_MS = 60 * 60 * 1000;
const BOLETO_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) in four uppercase hex digits, as the pix payload ends. */
function crc16(text) {
	let crc = 0xffff;
	for (const byte of Buffer.from(text, 'utf8')) {
		crc ^= byte << 8;
		for (let bit = 0; bit < 8; bit++)
			crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
	}
	return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** An EMV field: id, two-digit length, value. */
const emv = (id, value) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** Digits from the charge id's hex, as many as asked (a stand-in for the bank's own numbering). */
function digitsOf(id, count) {
	const digits = id
		.replace(/[^0-9a-f]/gi, '')
		.replace(/[a-f]/gi, (c) => String(parseInt(c, 16) % 10));
	return digits.repeat(Math.ceil(count / digits.length)).slice(0, count);
}

/** The pix payload of a charge: merchant account (a URL of the charge), currency 986 (BRL), amount, country. */
function pixFor(charge, createdMs) {
	const account = emv('00', 'br.gov.bcb.pix') + emv('25', `pix.example.com/qr/${charge.id}`);
	const amount = (charge.amount / 100).toFixed(2);
	const payload =
		emv('00', '01') +
		emv('26', account) +
		emv('52', '0000') +
		emv('53', '986') +
		emv('54', amount) +
		emv('58', 'BR') +
		emv('59', 'PAYMENT PLATFORM') +
		emv('60', 'SAO PAULO') +
		emv('62', emv('05', '***')) +
		'6304';
	return {
		copy_paste: `${payload}${crc16(payload)}`,
		qr_code_url: `https://pix.example.com/qr/${charge.id}.png`,
		expires_at: new Date(createdMs + PIX_TTL_MS).toISOString(),
	};
}

/** The boleto of a charge: bank 341, currency 9, the amount in its last ten digits. */
function boletoFor(charge, createdMs) {
	const amount = String(Math.max(0, charge.amount)).padStart(10, '0').slice(-10);
	const free = digitsOf(charge.id, 25);
	const barcode = `3419${digitsOf(charge.id, 1)}${'1000'}${amount}${free}`;
	const line =
		`341${'9'}${free.slice(0, 1)}.${free.slice(1, 5)}${digitsOf(charge.id, 1)} ` +
		`${free.slice(5, 10)}.${free.slice(10, 15)}${digitsOf(charge.id, 1)} ` +
		`${free.slice(15, 20)}.${free.slice(20, 25)}${digitsOf(charge.id, 1)} ` +
		`${digitsOf(charge.id, 1)} 1000${amount}`;
	return {
		digitable_line: line,
		barcode,
		pdf_url: `https://boleto.example.com/${charge.id}.pdf`,
		due_date: new Date(createdMs + BOLETO_DAYS * DAY_MS).toISOString().slice(0, 10),
	};
}

/**
 * The fields a new charge gets for its payer, by payment method (none for a charge without one).
 * @param {{ id: string, amount: number, payment_method: string | null, created_at: string, card: object | null }} charge
 */
function payerDataOf(charge) {
	const createdMs = Date.parse(charge.created_at);
	switch (charge.payment_method) {
		case 'pix':
			return { pix: pixFor(charge, createdMs) };
		case 'boleto':
			return { boleto: boletoFor(charge, createdMs) };
		case 'credit_card':
		case 'debit_card':
			return { card: { ...charge.card, authorization_code: digitsOf(charge.id, 6) } };
		default:
			return {};
	}
}

module.exports = { payerDataOf, crc16 };
