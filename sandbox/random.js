'use strict';
/**
 * The sandbox's one seeded PRNG (mulberry32, 32-bit state): fault draws and generated charges repeat on every run.
 */

/**
 * @param {number} seed
 * @returns {() => number} Numbers in [0, 1).
 */
function mulberry32(seed) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

module.exports = { mulberry32 };
