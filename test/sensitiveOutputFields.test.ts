/**
 * Every output field that carries a secret is declared in `sensitiveOutputFields` of the BUILT node (what n8n loads):
 * every operation's case (test/cases) runs in-process against the sandbox, every secret the sandbox knows (each
 * webhook endpoint's signing secret, the API key pair) is looked for in its output items, and the items with the
 * declared fields redacted, path by path as n8n's node-defined field redaction does, must hold none.
 */
import type { IDataObject } from 'n8n-workflow';
import { caseOutput, useSandbox } from './harness/actions';
import { builtCredentials, builtNodeDescriptions } from './harness/builtPackage';
import { CASES } from './cases';

const sandbox = useSandbox({}, { resetBeforeEach: true });
const action = () => builtNodeDescriptions().paymentPlatform;

/** The secrets the sandbox holds now: its key pair's secret half and every webhook endpoint's signing secret. */
function secretsNow(): string[] {
	const { store, secretKey } = sandbox();
	const endpoints = [...store.webhookEndpoints.values()] as Array<{ secret?: string }>;
	return [secretKey, ...endpoints.map((endpoint) => endpoint.secret ?? '')].filter(Boolean);
}

/** The dot paths (`[*]` for array entries, as n8n writes them) of the values that contain one of `secrets`. */
function pathsHolding(value: unknown, secrets: string[], at: string[] = []): string[] {
	if (typeof value === 'string') {
		return secrets.some((secret) => value.includes(secret)) ? [at.join('.')] : [];
	}
	if (Array.isArray(value)) {
		const [last, ...before] = [...at].reverse();
		const arrayPath = [...before.reverse(), `${last}[*]`];
		return value.flatMap((entry) => pathsHolding(entry, secrets, arrayPath));
	}
	if (value && typeof value === 'object') {
		return Object.entries(value).flatMap(([key, entry]) =>
			pathsHolding(entry, secrets, [...at, key]),
		);
	}
	return [];
}

/** `item` with each of `paths` replaced by a marker, segment by segment, as n8n 2.41's redaction strategy does. */
function redacted(item: IDataObject, paths: string[]): IDataObject {
	const copy = JSON.parse(JSON.stringify(item)) as IDataObject;
	const redact = (current: IDataObject, segments: string[]): void => {
		const [segment, ...rest] = segments;
		if (rest.length === 0) {
			if (segment in current) current[segment] = { __redacted: true };
			return;
		}
		if (segment.endsWith('[*]')) {
			const entries = current[segment.slice(0, -3)];
			if (Array.isArray(entries)) for (const entry of entries) redact(entry as IDataObject, rest);
			return;
		}
		const next = current[segment];
		if (next && typeof next === 'object') redact(next as IDataObject, rest);
	};
	for (const path of paths) redact(copy, path.split('.'));
	return copy;
}

describe('sensitiveOutputFields of the built action node', () => {
	it('is declared, as dot paths', () => {
		const declared = action().sensitiveOutputFields ?? [];
		expect(declared.length).toBeGreaterThan(0);
		for (const path of declared) expect(path).toMatch(/^[\w-]+(\[\*\])?(\.[\w-]+(\[\*\])?)*$/);
	});

	it.each(CASES.map((c) => [c.label, c] as const))(
		'%s: every output field with a secret is declared, and nothing secret is left once they are redacted',
		async (_label, c) => {
			const items = await caseOutput(sandbox(), c);
			const secrets = secretsNow();
			const declared = action().sensitiveOutputFields ?? [];
			const holding = [...new Set(items.flatMap((item) => pathsHolding(item, secrets)))];
			expect(holding.filter((path) => !declared.includes(path))).toEqual([]);
			for (const item of items) expect(pathsHolding(redacted(item, declared), secrets)).toEqual([]);
			if (c.name === 'webhookEndpoint.create') expect(holding).toEqual(['secret']);
		},
	);

	it("the credential's secret key is a password field (the editor never shows it)", () => {
		const secretKey = builtCredentials().paymentPlatformApi.properties.find(
			(property) => property.name === 'secretKey',
		);
		expect(secretKey?.typeOptions?.password).toBe(true);
	});
});
