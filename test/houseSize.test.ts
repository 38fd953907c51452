/**
 * The rig (everything tracked but the product: tests, sandbox, scripts, lab) stays at most RIG_PER_PRODUCT times the
 * product (nodes/, credentials/), counted in lines of tracked .ts, .js, .mjs and .sh files: a rig that
 * grows faster than what it proves copies itself somewhere.
 */
import { readTracked, trackedFiles } from './harness/repositoryFiles';

const RIG_PER_PRODUCT = 4.5;

const code = trackedFiles().filter((file) => /\.(ts|js|mjs|sh)$/.test(file));
const isProduct = (file: string) => /^(nodes|credentials)\//.test(file);
const lines = (files: string[]) =>
	files.reduce((sum, file) => sum + (readTracked(file).match(/\n/g)?.length ?? 0), 0);

describe('the size of the house', () => {
	const product = lines(code.filter(isProduct));
	const rig = lines(code.filter((file) => !isProduct(file)));

	it('counts both houses (the figures below are not vacuous)', () => {
		expect(product).toBeGreaterThan(5_000);
		expect(rig).toBeGreaterThan(product);
	});

	it(`the rig is at most ${RIG_PER_PRODUCT}× the product`, () => {
		expect(Number((rig / product).toFixed(2))).toBeLessThanOrEqual(RIG_PER_PRODUCT);
	});
});
