/**
 * What the tree's folders may import. The product (nodes/, credentials/) is what n8n loads: it stands on its own, and
 * everything in it is used by it.
 */
import { isRuntimePackage, LOADED_BY_N8N, modulesBelow } from './harness/importGraph';

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
