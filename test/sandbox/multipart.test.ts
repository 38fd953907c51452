/**
 * The sandbox's multipart/form-data parser and header-parameter parser, on raw bytes.
 */
import { MultipartError, parseHeaderValue, parseMultipart } from '../../sandbox/multipart';

const CRLF = '\r\n';
const body = (...lines: string[]) => Buffer.from(lines.join(CRLF), 'latin1');

describe('parseHeaderValue', () => {
	it.each([
		['multipart/form-data; boundary=abc', 'multipart/form-data', { boundary: 'abc' }],
		['Multipart/Form-Data; Boundary="a b;c"', 'multipart/form-data', { boundary: 'a b;c' }],
		[
			'form-data; name="file"; filename="my \\"cover\\".png"',
			'form-data',
			{ name: 'file', filename: 'my "cover".png' },
		],
		['form-data; flag; name=plain', 'form-data', { name: 'plain' }],
		['application/json', 'application/json', {}],
		['', '', {}],
	])('%j', (header, value, params) => {
		expect(parseHeaderValue(header)).toEqual({ value, params });
	});
});

describe('parseMultipart', () => {
	it('parses fields and files, keeping binary bytes intact', () => {
		const binary = Buffer.from([0x00, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x41]);
		const raw = Buffer.concat([
			body(
				'preamble is ignored',
				'--XyZ',
				'Content-Disposition: form-data; name="title"',
				'',
				'Summer sale',
				'--XyZ',
				'Content-Disposition: form-data; name="file"; filename="c.png"',
				'Content-Type: image/png',
				'',
				'',
			),
			binary,
			body('', '--XyZ--', ''),
		]);
		const parts = parseMultipart(raw, 'XyZ');
		expect(parts).toEqual([
			{ name: 'title', size: 11, data: Buffer.from('Summer sale') },
			{
				name: 'file',
				filename: 'c.png',
				contentType: 'image/png',
				size: binary.length,
				data: binary,
			},
		]);
	});

	it('decodes an RFC 5987 filename*', () => {
		const raw = body(
			'--b',
			`Content-Disposition: form-data; name="file"; filename="fallback.png"; filename*=UTF-8''capa%20ver%C3%A3o.png`,
			'',
			'x',
			'--b--',
		);
		expect(parseMultipart(raw, 'b')[0].filename).toBe('capa verão.png');
	});

	it('accepts an empty part and a body with no parts', () => {
		expect(
			parseMultipart(body('--b', 'Content-Disposition: form-data; name="e"', '', '', '--b--'), 'b'),
		).toEqual([{ name: 'e', size: 0, data: Buffer.alloc(0) }]);
		expect(parseMultipart(Buffer.from('--b--\r\n'), 'b')).toEqual([]);
	});

	it.each([
		['a missing boundary', body('--b', '', 'x', '--b--'), undefined],
		['a boundary that never appears', body('--other', '', 'x', '--other--'), 'b'],
		['no closing delimiter', body('--b', 'Content-Disposition: form-data; name="a"', '', 'x'), 'b'],
		['unterminated headers', Buffer.from('--b\r\nContent-Disposition: form-data; name="a"'), 'b'],
		[
			'a part without content-disposition',
			body('--b', 'Content-Type: text/plain', '', 'x', '--b--'),
			'b',
		],
		[
			'a part without a name',
			body('--b', 'Content-Disposition: form-data; filename="a.png"', '', 'x', '--b--'),
			'b',
		],
		[
			'garbage after the delimiter',
			body('--bjunk', 'Content-Disposition: form-data; name="a"', '', 'x', '--b--'),
			'b',
		],
		[
			'a header line without a colon',
			body('--b', 'Content-Disposition: form-data; name="a"', 'broken header', '', 'x', '--b--'),
			'b',
		],
		['a boundary over 70 characters', body('--b', '', 'x', '--b--'), 'b'.repeat(71)],
	])('rejects %s', (_label, raw, boundary) => {
		expect(() => parseMultipart(raw, boundary)).toThrow(MultipartError);
	});
});
