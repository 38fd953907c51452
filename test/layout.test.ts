/**
 * The repository's two houses, one way: the published package (nodes/, credentials/, the unit tests in test/, the
 * sandbox and the package's own scripts/) at the root, and the lab (lab/: the suites in a real n8n, the bench, their
 * helpers in lab/lib and scripts in lab/scripts) beside it. The lab imports from the package, never the reverse; no
 * lab suite imports another (what two of them need lives in lab/lib); the sandbox states the API on its own.
 *
 * The product (nodes/, credentials/) is what n8n loads: it stands on its own, and everything in it is used by it.
 */
import {
	importsOf,
	isRuntimePackage,
	LOADED_BY_N8N,
	modulesBelow,
	trackedImports,
} from './harness/importGraph';
import { sharedUse } from './harness/sharedUse';

describe('the product (nodes/, credentials/)', () => {
	const product = modulesBelow(['nodes', 'credentials']);
	const isProduct = (file: string) => /^(nodes|credentials)\//.test(file);

	it('exports only what another product file imports (n8n loads the node and credential classes)', () => {
		const imported = (file: string, name: string) =>
			product.some(
				(other) =>
					other.file !== file &&
					other.imports.some(
						(i) => i.target === file && (i.names === '*' || i.names.includes(name)),
					),
			);
		const dead = product.flatMap(({ file, exports }) =>
			exports
				.filter(({ isClass }) => !(isClass && LOADED_BY_N8N.includes(file)))
				.filter(({ name }) => !imported(file, name))
				.map(({ name }) => `${file}: ${name} (tests test through what the product uses)`),
		);
		expect(dead).toEqual([]);
	});

	it('the action node and the trigger do not import each other (what both use is in nodes/shared)', () => {
		const folderOf = (file: string) =>
			/^nodes\/(PaymentPlatform|PaymentPlatformTrigger)\//.exec(file)?.[1];
		const crossing = product.flatMap(({ file, imports }) =>
			imports
				.filter((i) => i.target && folderOf(file) && folderOf(i.target))
				.filter((i) => folderOf(file) !== folderOf(i.target as string))
				.map((i) => `${file} imports ${i.specifier}`),
		);
		expect(crossing).toEqual([]);
	});

	it('imports only product files, n8n-workflow and Node built-ins', () => {
		const outside = product.flatMap(({ file, imports }) =>
			imports
				.filter((i) => (i.target ? !isProduct(i.target) : !isRuntimePackage(i.specifier)))
				.map((i) => `${file} imports ${i.specifier}`),
		);
		expect(outside).toEqual([]);
	});
});

describe('nodes/shared: what both nodes use', () => {
	const use = sharedUse();
	const exported = modulesBelow(['nodes/shared']).flatMap(({ file, exports }) =>
		exports.map(({ name }) => `${file}#${name}`),
	);

	it('reads who uses each export', () => {
		expect(exported.length).toBeGreaterThan(40);
		expect([...(use.get('nodes/shared/documentedValues.ts#WEBHOOK_EVENTS') ?? [])].sort()).toEqual([
			'action',
			'trigger',
		]);
	});

	it('every export is used by both nodes (directly, or through what nodes/shared gives both)', () => {
		const byOne = exported
			.filter((key) => use.has(key))
			.filter((key) => !(use.get(key)!.has('action') && use.get(key)!.has('trigger')))
			.map(
				(key) =>
					`${key}: used by ${[...use.get(key)!].join(', ') || 'nothing'} (move it to that node)`,
			);
		expect(byOne).toEqual([]);
	});
});

const LAB_SHARED = new Set(['lib']);
const LAB_NOT_SUITES = new Set(['lib', 'scripts', 'reports', 'results']);

interface Import {
	from: string;
	to: string;
}

/** The house and room of a repository path: ['lab', 'e2e'], ['package', 'sandbox'], … */
function roomOf(file: string): [string, string] {
	const [top, second] = file.split('/');
	return top === 'lab' ? ['lab', second] : ['package', top];
}

/** Why an import breaks the layout, or undefined when it keeps it. */
function wrongWay({ from, to }: Import): string | undefined {
	const [fromHouse, fromRoom] = roomOf(from);
	const [toHouse, toRoom] = roomOf(to);
	if (fromHouse === 'package' && toHouse === 'lab') return 'the package imports from the lab';
	if (fromRoom === 'sandbox' && fromHouse === 'package' && toRoom !== 'sandbox')
		return 'the sandbox imports from outside itself';
	if (fromHouse === 'lab' && toHouse === 'lab' && fromRoom !== toRoom) {
		if (LAB_SHARED.has(toRoom)) return undefined;
		if (LAB_NOT_SUITES.has(toRoom) || !LAB_NOT_SUITES.has(fromRoom) || fromRoom === 'lib')
			return `lab/${fromRoom} imports from lab/${toRoom} (shared helpers go to lab/lib)`;
	}
	return undefined;
}

const IMPORTS: Import[] = trackedImports();

describe('the package and the lab', () => {
	it('reads the imports of the tree', () => {
		expect(
			IMPORTS.filter((i) => i.from.startsWith('lab/') && !i.to.startsWith('lab/')).length,
		).toBeGreaterThan(50);
	});

	it('no import runs the wrong way', () => {
		const problems = IMPORTS.flatMap((imported) => {
			const problem = wrongWay(imported);
			return problem ? [`${imported.from} → ${imported.to}: ${problem}`] : [];
		});
		expect(problems).toEqual([]);
	});

	const LAB = 'the package imports from the lab';
	const SHARED = '(shared helpers go to lab/lib)';
	it.each(
		Object.entries({
			'test/harness/actions.ts → ../../lab/lib/n8n': LAB,
			'nodes/PaymentPlatform/x.ts → ../../lab/lib/report': LAB,
			'sandbox/server.js → ../nodes/PaymentPlatform/api/names':
				'the sandbox imports from outside itself',
			'lab/security/run.js → ../bench/lib/stats': `lab/security imports from lab/bench ${SHARED}`,
			'lab/lib/n8n.js → ../e2e/lib/x': `lab/lib imports from lab/e2e ${SHARED}`,
			'lab/e2e/run.js → ../scripts/start': `lab/e2e imports from lab/scripts ${SHARED}`,
		}),
	)('refuses %s', (pair, problem) => {
		const [file, spec] = pair.split(' → ');
		expect(importsOf(file, `require('${spec}')`).map(wrongWay)).toEqual([problem]);
	});

	it.each([
		['lab/security/run.js', '../lib/results'],
		['lab/e2e/run.js', '../../scripts/lib/packageInfo'],
		['lab/scripts/start.js', '../lib/n8n'],
		['lab/bench/figures/trigger.js', '../lib/stats'],
		['test/harness/actions.ts', '../../sandbox'],
	])('lets %s import %s', (file, spec) => {
		expect(importsOf(file, `require('${spec}')`).map(wrongWay)).toEqual([undefined]);
	});
});
