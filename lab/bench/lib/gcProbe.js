'use strict';
/**
 * Loaded into n8n by the bench only (NODE_OPTIONS="--expose-gc --require lab/bench/lib/gcProbe.js"): SIGUSR2 runs a
 * full garbage collection. The bench sends it before each measured run of figure 2, so that those runs start from a
 * collected heap and a major collection during a run is that run's own (not the garbage of the run before, or of a
 * baseline).
 */
process.on('SIGUSR2', () => {
	if (typeof global.gc === 'function') global.gc();
});
