/** What n8n's AI workflow builder reads about the action node (builderHint) names real things. */
import { PaymentPlatform } from '../nodes/PaymentPlatform/PaymentPlatform.node';
import { PaymentPlatformTrigger } from '../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';
import { idempotencyKeyProperty } from '../nodes/PaymentPlatform/actions/common.idempotency';
import packageJson from '../package.json';

const description = new PaymentPlatform().description;

describe('builderHint', () => {
	it('relates the trigger under the type n8n gives it (package name + node name)', () => {
		const related = description.builderHint?.relatedNodes?.map((node) => node.nodeType);
		expect(related).toContain(
			`${packageJson.name}.${new PaymentPlatformTrigger().description.name}`,
		);
	});

	it('tells the builder about the Idempotency Key by its display name, and about human review', () => {
		const hint = String(description.builderHint?.searchHint);
		expect(hint).toContain(idempotencyKeyProperty.displayName);
		expect(hint).toMatch(/human review/);
	});

	it('the Idempotency Key field carries its own hint', () => {
		expect(idempotencyKeyProperty.builderHint?.propertyHint).toMatch(/same on every retry/);
	});
});
