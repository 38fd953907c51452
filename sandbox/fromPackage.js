'use strict';
// The sandbox shares the package's own definitions instead of copying them: the names chosen where the reference is
// silent, the documented values and limits, and the signature module (sign here, verify in the trigger). They are
// read from the build output, so run `npm run build` first (npm test and npm run sandbox do).
function load(modulePath) {
	try {
		return require(modulePath);
	} catch (error) {
		if (error && error.code === 'MODULE_NOT_FOUND') {
			throw new Error(
				`The sandbox needs the built package (${modulePath}); run "npm run build" first.`,
			);
		}
		throw error;
	}
}

module.exports = {
	...load('../dist/nodes/PaymentPlatform/transport/chosenNames'),
	...load('../dist/nodes/PaymentPlatform/shared/apiValues'),
	...load('../dist/nodes/PaymentPlatformTrigger/signature'),
};
